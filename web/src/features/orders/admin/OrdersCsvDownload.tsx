// "Download CSV": the orders of the console's current tab, search and dates, as the bookkeeper's spreadsheet. It holds
// every customer's name and address, so the reader is asked why first: the reason is recorded with who downloaded it
// and when (decision 058). The file is fetched with the session's token (a plain link would carry none) and handed to
// the browser as a download.
import { Button, Dialog, Flex, Text } from '@radix-ui/themes';
import { useState, type FormEvent } from 'react';
import { salesApi } from '#contracts/sales/api.ts';
import { downloadFile } from '../../../components/downloadFile.ts';
import { ReasonField } from '../../../components/ReasonField.tsx';
import { urlFor } from '../../../lib/api.ts';
import { useSessionExpiry } from '../../../lib/useSessionExpiry.ts';
import type { OrdersFilter } from './ordersQuery.ts';

export function OrdersCsvDownload({ filter }: { filter: OrdersFilter }) {
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState('');
  const sessionExpired = useSessionExpiry();
  const download = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    const query = {
      ...(filter.status ? { status: filter.status } : {}),
      ...(filter.q ? { q: filter.q } : {}),
      ...(filter.from ? { from: filter.from } : {}),
      ...(filter.to ? { to: filter.to } : {}),
      reason,
    };
    const done = await downloadFile(urlFor(salesApi.ordersCsv, { query }), {
      name: 'orders.csv',
      failure: 'Could not export the orders. Please try again.',
      sessionExpired,
    });
    if (done) setAsking(false);
    setBusy(false);
  };
  return (
    <Dialog.Root open={asking} onOpenChange={setAsking}>
      <Dialog.Trigger>
        <Button variant="soft" size="2" highContrast>
          Download CSV
        </Button>
      </Dialog.Trigger>
      <Dialog.Content maxWidth="30rem">
        <Dialog.Title>Download the orders as CSV</Dialog.Title>
        <Dialog.Description size="2">
          The file holds every listed customer’s name and address. Your reason is kept in the shop’s log with your name
          and the time.
        </Dialog.Description>
        <form onSubmit={(e) => void download(e)}>
          <Flex direction="column" gap="3" mt="3">
            <ReasonField
              id="csv-reason"
              label="Reason (do not write a customer’s details)"
              value={reason}
              onChange={setReason}
            />
            <Text size="1" color="gray">
              For example: quarterly VAT return.
            </Text>
            <Flex gap="3" justify="end">
              <Dialog.Close>
                <Button type="button" variant="soft" color="gray" highContrast>
                  Cancel
                </Button>
              </Dialog.Close>
              <Button type="submit" loading={busy}>
                Download
              </Button>
            </Flex>
          </Flex>
        </form>
      </Dialog.Content>
    </Dialog.Root>
  );
}
