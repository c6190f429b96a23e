// Internal notes: the owner's own words on an order, kept on its timeline with who and when; never sent to the customer.
import { Button, Callout, Flex, Heading, Text, TextArea } from '@radix-ui/themes';
import { useId, useState } from 'react';
import { maxNoteLength } from '#contracts/orders/fulfilment.ts';
import { toast } from '../../../components/toast/toasts.ts';
import { serverMessage } from '../../../lib/api.ts';
import { useSessionExpiry } from '../../../lib/useSessionExpiry.ts';
import { useAddOrderNote } from './ordersQuery.ts';

export function OrderNoteForm({ orderId }: { orderId: string }) {
  const add = useAddOrderNote(orderId);
  const sessionExpired = useSessionExpiry();
  const [text, setText] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const headingId = useId();
  const fieldId = useId();
  return (
    <form
      aria-labelledby={headingId}
      onSubmit={(event) => {
        event.preventDefault();
        setRefusal(null);
        add.mutate(text, {
          onSuccess: () => {
            setText('');
            toast({ title: 'Note Added', description: `The note is on order #${orderId}'s timeline.` });
          },
          onError: (error) => {
            if (sessionExpired(error)) return;
            setRefusal(serverMessage(error) ?? 'The note could not be added. Please try again.');
          },
        });
      }}
    >
      <Heading as="h2" size="3" id={headingId} mb="2">
        Internal Notes
      </Heading>
      <Flex direction="column" gap="1" mb="2">
        <Text as="label" htmlFor={fieldId} size="2" weight="medium">
          Note (only you see it)
        </Text>
        <TextArea
          id={fieldId}
          value={text}
          onChange={(e) => setText(e.target.value)}
          maxLength={maxNoteLength}
          resize="vertical"
          disabled={add.isPending}
        />
        <Text size="1" color="gray">
          {text.length.toLocaleString('en-GB')} / {maxNoteLength.toLocaleString('en-GB')}
        </Text>
      </Flex>
      <Button type="submit" disabled={add.isPending || !text.trim()} highContrast>
        {add.isPending ? 'Adding...' : 'Add Note'}
      </Button>
      {refusal && (
        <Callout.Root color="amber" size="1" mt="3" role="alert">
          <Callout.Text>{refusal}</Callout.Text>
        </Callout.Root>
      )}
    </form>
  );
}
