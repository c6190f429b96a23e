// "Download CSV": the orders of the console's current tab, search and dates, as the bookkeeper's spreadsheet. The file
// is fetched with the owner's token (a plain link would carry none) and handed to the browser as a download.
import { Button } from '@radix-ui/themes';
import { useState } from 'react';
import { salesApi } from '../../../../contracts/sales/api.ts';
import { toast } from '../../components/toast/toasts.ts';
import { adminToken, ApiError, serverMessage, urlFor } from '../../lib/api.ts';
import { useSessionExpiry } from '../../lib/useSessionExpiry.ts';
import type { OrdersFilter } from './ordersQuery.ts';

export function OrdersCsvDownload({ filter }: { filter: OrdersFilter }) {
  const [busy, setBusy] = useState(false);
  const sessionExpired = useSessionExpiry();
  const download = async () => {
    setBusy(true);
    try {
      const query = { ...(filter.status ? { status: filter.status } : {}), ...(filter.q ? { q: filter.q } : {}), ...(filter.from ? { from: filter.from } : {}), ...(filter.to ? { to: filter.to } : {}) };
      const token = adminToken();
      const res = await fetch(urlFor(salesApi.ordersCsv, { query }), { headers: token ? { Authorization: `Bearer ${token}` } : {}, credentials: 'include', cache: 'no-store' });
      if (!res.ok) throw new ApiError(res.status, (await res.text()) || res.statusText);
      const name = /filename="([^"]+)"/.exec(res.headers.get('Content-Disposition') ?? '')?.[1] ?? 'orders.csv';
      const url = URL.createObjectURL(await res.blob());
      const link = document.createElement('a');
      link.href = url;
      link.download = name;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (error) {
      if (!sessionExpired(error)) toast({ title: 'Download Failed', description: serverMessage(error) ?? 'Could not export the orders. Please try again.', variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="soft" size="2" highContrast onClick={() => void download()} loading={busy}>
      Download CSV
    </Button>
  );
}
