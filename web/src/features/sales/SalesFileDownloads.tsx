// The bookkeeper's two files for the range the sales screen shows: the receipt lines (one row per line and delivery
// part, then the credit notes) and the same receipts and credit notes for Xero's sales invoice import (decision 074).
// Neither holds a buyer's details, so no reason is asked for. Each file is fetched with the session's token (a plain
// link would carry none) and handed to the browser as a download.
import { Button, Flex, Text } from '@radix-ui/themes';
import { useState } from 'react';
import { receiptsApi } from '../../../../contracts/receipts/api.ts';
import { toast } from '../../components/toast/toasts.ts';
import { adminToken, ApiError, serverMessage, urlFor } from '../../lib/api.ts';
import { useSessionExpiry } from '../../lib/useSessionExpiry.ts';

type File = 'lines' | 'xero';

const ukDate = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });

function rangeText(from?: string, to?: string) {
  if (from && to) return `from ${ukDate(from)} to ${ukDate(to)}`;
  if (from) return `from ${ukDate(from)} on`;
  if (to) return `up to ${ukDate(to)}`;
  return 'of every date';
}

export function SalesFileDownloads({ from, to }: { from?: string | undefined; to?: string | undefined }) {
  const [busy, setBusy] = useState<File | null>(null);
  const sessionExpired = useSessionExpiry();
  const download = async (file: File) => {
    setBusy(file);
    try {
      const query = { ...(from ? { from } : {}), ...(to ? { to } : {}) };
      const endpoint = file === 'lines' ? receiptsApi.linesCsv : receiptsApi.xeroCsv;
      const token = adminToken();
      const res = await fetch(urlFor(endpoint, { query }), {
        headers: token ? { Authorization: `Bearer ${token}` } : {},
        credentials: 'include',
        cache: 'no-store',
      });
      if (!res.ok) throw new ApiError(res.status, (await res.text()) || res.statusText);
      const name = /filename="([^"]+)"/.exec(res.headers.get('Content-Disposition') ?? '')?.[1] ?? `${file}.csv`;
      const url = URL.createObjectURL(await res.blob());
      const link = document.createElement('a');
      link.href = url;
      link.download = name;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (error) {
      if (!sessionExpired(error))
        toast({
          title: 'Download Failed',
          description: serverMessage(error) ?? 'Could not make the file. Please try again.',
          variant: 'destructive',
        });
    } finally {
      setBusy(null);
    }
  };
  return (
    <div role="group" aria-labelledby="sales-files-label" aria-describedby="sales-files-range">
      <Text as="div" size="2" weight="medium" id="sales-files-label" mb="1">
        Bookkeeping files
      </Text>
      <Flex gap="2" wrap="wrap">
        <Button variant="soft" highContrast loading={busy === 'lines'} onClick={() => void download('lines')}>
          Download receipt lines (CSV)
        </Button>
        <Button variant="soft" highContrast loading={busy === 'xero'} onClick={() => void download('xero')}>
          Download for Xero (CSV)
        </Button>
      </Flex>
      <Text as="p" size="1" color="gray" id="sales-files-range" mt="1">
        Receipts and credit notes {rangeText(from, to)}, by the UK day of the sale or of the credit note.
      </Text>
    </div>
  );
}
