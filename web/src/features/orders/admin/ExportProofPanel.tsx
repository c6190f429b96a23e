// An export's proof on its order page (decision 097): where it went, the last day its proof of export may come (3 months
// from the sale, VAT Notice 703), and what proves it: the shipment's tracking number, or the proof-of-posting reference
// (certificate of posting, collection manifest) the owner records here. Nothing shows for an order that stays in the UK.
import { Badge, Button, Callout, Flex, Text, TextField } from '@radix-ui/themes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { receiptsApi } from '#contracts/receipts/api.ts';
import { formatPence } from '#contracts/shared/money.ts';
import { maxPostingReferenceLength, type ExportProofView } from '#contracts/vat/exports.ts';
import { ukDayOf } from '#contracts/vat/rates.ts';
import { toast } from '../../../components/toast/toasts.ts';
import { call, serverMessage, urlFor } from '../../../lib/api.ts';
import { useSessionExpiry } from '../../../lib/useSessionExpiry.ts';
import { Facts, Panel } from './OrderPanels.tsx';
import { longDay } from '#contracts/shared/days.ts';

/** `shippedAt` keys the read, so the panel reads again once a shipment (and its tracking number) is recorded. */
export function ExportProofPanel({
  orderId,
  shippedAt,
  canChange,
}: {
  orderId: string;
  shippedAt: string | null;
  canChange: boolean;
}) {
  const args = { params: { id: orderId } };
  const answer = useQuery({
    queryKey: [urlFor(receiptsApi.exportProof, args), shippedAt],
    queryFn: () => call(receiptsApi.exportProof, args),
  });
  const exported = answer.data?.export;
  if (!exported) return null;
  return (
    <Panel title="Export">
      <Facts
        facts={[
          ['Sent to', exported.countryName],
          ['VAT', 'Zero-rated export'],
          ['Proof needed by', <Deadline exported={exported} />],
          [
            'Proof of export',
            exported.evidence ? (
              <Text data-testid="export-proof">
                {exported.evidence.kind === 'tracking' ? 'Tracking number' : 'Proof of posting'}{' '}
                <code>{exported.evidence.reference}</code>, recorded {longDay(ukDayOf(exported.evidence.at))} by{' '}
                {exported.evidence.by}
              </Text>
            ) : (
              <Text data-testid="export-proof">
                None yet: {formatPence(exported.vatDue)} of UK VAT{' '}
                {exported.state === 'overdue' ? 'is now due' : 'falls due if none comes in time'}
              </Text>
            ),
          ],
        ]}
      />
      {canChange && !exported.evidence && <PostingReferenceForm orderId={orderId} reread={answer.refetch} />}
    </Panel>
  );
}

function Deadline({ exported }: { exported: ExportProofView }) {
  const badge =
    exported.state === 'proved' ? (
      <Badge color="green">proved</Badge>
    ) : exported.state === 'overdue' ? (
      <Badge color="red">limit passed</Badge>
    ) : exported.state === 'approaching' ? (
      <Badge color="amber">{exported.daysLeft} days left</Badge>
    ) : null;
  return (
    <>
      {longDay(exported.deadline)} {badge}
    </>
  );
}

function PostingReferenceForm({ orderId, reread }: { orderId: string; reread: () => Promise<unknown> }) {
  const queryClient = useQueryClient();
  const sessionExpired = useSessionExpiry();
  const [reference, setReference] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const fieldId = useId();
  const record = useMutation({
    mutationFn: (value: string) =>
      call(receiptsApi.recordExportProof, { params: { id: orderId }, body: { reference: value } }),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: [urlFor(receiptsApi.vatExports)] });
      await reread();
    },
  });
  return (
    <form
      aria-label="Proof of posting"
      onSubmit={(event) => {
        event.preventDefault();
        setRefusal(null);
        record.mutate(reference, {
          onSuccess: (answer) => {
            setReference('');
            toast({ title: 'Proof Recorded', description: answer.message });
          },
          onError: (error) => {
            if (sessionExpired(error)) return;
            setRefusal(serverMessage(error) ?? 'The reference could not be recorded. Please try again.');
          },
        });
      }}
    >
      <Flex direction="column" gap="1" mt="3">
        <Text as="label" htmlFor={fieldId} size="2" weight="medium">
          Proof-of-posting reference
        </Text>
        <Text size="1" color="gray">
          From the certificate of posting or the collection manifest, for a parcel sent without a tracking number.
        </Text>
        <Flex gap="2" wrap="wrap">
          <TextField.Root
            id={fieldId}
            value={reference}
            onChange={(e) => setReference(e.target.value)}
            maxLength={maxPostingReferenceLength}
            disabled={record.isPending}
          />
          <Button type="submit" disabled={record.isPending || !reference.trim()} highContrast>
            {record.isPending ? 'Recording...' : 'Record Proof'}
          </Button>
        </Flex>
      </Flex>
      {refusal && (
        <Callout.Root color="amber" size="1" mt="3" role="alert">
          <Callout.Text>{refusal}</Callout.Text>
        </Callout.Root>
      )}
    </form>
  );
}
