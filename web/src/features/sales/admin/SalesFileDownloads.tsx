// The bookkeeper's files for the range the sales screen shows: the receipt lines (one row per line and delivery part,
// then the credit notes), the receipts as Xero sales invoices and the credit notes as Xero credit notes, each in its
// import template, and each day's sales and refunds by VAT rate (decisions 074, 108). None holds a buyer's details
// unless the reader chooses to name each buyer as the Xero contact: then a reason is asked for and recorded with each
// Xero download (decision 058). Each file is fetched with the session's token (a plain link would carry none) and
// handed to the browser as a download.
import { Button, Checkbox, Flex, Text } from '@radix-ui/themes';
import { useId, useState } from 'react';
import { receiptsApi } from '#contracts/receipts/api.ts';
import { xeroExportMessages } from '#contracts/receipts/exports.ts';
import { ReasonField } from '../../../components/ReasonField.tsx';
import { downloadFile } from '../../../components/downloadFile.ts';
import { urlFor } from '../../../lib/api.ts';
import { useSessionExpiry } from '../../../lib/useSessionExpiry.ts';

type File = 'lines' | 'xero' | 'xeroCreditNotes' | 'daily';

const endpoints = {
  lines: receiptsApi.linesCsv,
  xero: receiptsApi.xeroCsv,
  xeroCreditNotes: receiptsApi.xeroCreditNotesCsv,
  daily: receiptsApi.dailyCsv,
} as const;

const buttons: { file: File; label: string }[] = [
  { file: 'lines', label: 'Download receipt lines (CSV)' },
  { file: 'xero', label: 'Download Xero invoices (CSV)' },
  { file: 'xeroCreditNotes', label: 'Download Xero credit notes (CSV)' },
  { file: 'daily', label: 'Download daily summary (CSV)' },
];

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

const reasonLength = (reason: string) => reason.trim().length >= 3 && reason.trim().length <= 200;

export function SalesFileDownloads({ from, to }: { from?: string | undefined; to?: string | undefined }) {
  const [busy, setBusy] = useState<File | null>(null);
  const [buyers, setBuyers] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();
  const sessionExpired = useSessionExpiry();
  const buyersId = useId();
  const reasonId = useId();
  const download = async (file: File) => {
    const xero = file === 'xero' || file === 'xeroCreditNotes';
    const naming = xero && buyers;
    if (naming && !reasonLength(reason)) {
      setReasonError(xeroExportMessages.reason);
      document.getElementById(reasonId)?.focus();
      return;
    }
    setReasonError(undefined);
    setBusy(file);
    const query = {
      ...(from ? { from } : {}),
      ...(to ? { to } : {}),
      ...(naming ? { contact: 'buyer' as const, reason: reason.trim() } : {}),
    };
    await downloadFile(urlFor(endpoints[file], { query }), {
      name: `${file}.csv`,
      failure: 'Could not make the file. Please try again.',
      sessionExpired,
    });
    setBusy(null);
  };
  return (
    <div role="group" aria-labelledby="sales-files-label" aria-describedby="sales-files-range">
      <Text as="div" size="2" weight="medium" id="sales-files-label" mb="1">
        Bookkeeping files
      </Text>
      <Flex gap="2" wrap="wrap">
        {buttons.map(({ file, label }) => (
          <Button key={file} variant="soft" highContrast loading={busy === file} onClick={() => void download(file)}>
            {label}
          </Button>
        ))}
      </Flex>
      <Text as="p" size="1" color="gray" id="sales-files-range" mt="1">
        Receipts and credit notes {rangeText(from, to)}, by the UK day of the sale or of the credit note.
      </Text>
      <Flex direction="column" gap="2" mt="2">
        <Text as="label" htmlFor={buyersId} size="2">
          <Flex gap="2" align="center">
            <Checkbox id={buyersId} checked={buyers} onCheckedChange={(checked) => setBuyers(checked === true)} />
            Name each buyer as the Xero contact
          </Flex>
        </Text>
        {buyers && (
          <>
            <Text as="p" size="1" color="gray">
              The Xero files will hold each buyer’s name. Your reason is kept in the shop’s log with your name and the
              time.
            </Text>
            <ReasonField
              id={reasonId}
              label="Reason (do not write a customer’s details)"
              value={reason}
              onChange={setReason}
              error={reasonError}
            />
          </>
        )}
      </Flex>
    </div>
  );
}
