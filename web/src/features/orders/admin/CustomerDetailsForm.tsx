// For an order placed without the buyer's details (a wallet payment whose address never reached the shop): the
// owner adds the missing ones, with a reason, and the order's history records it. Details on record are not offered.
import { Button, Callout, Flex, Heading, Text, TextArea, TextField } from '@radix-ui/themes';
import { useId, useState } from 'react';
import { maxReasonLength, type AdminOrder } from '#contracts/orders/console.ts';
import { missingCustomerDetails } from '#contracts/orders/model.ts';
import { toast } from '../../../components/toast/toasts.ts';
import { serverMessage } from '../../../lib/api.ts';
import { useSessionExpiry } from '../../../lib/useSessionExpiry.ts';
import { useAddCustomerDetails } from './ordersQuery.ts';
import { LabelledField } from '../../../components/LabelledField.tsx';
import { AddressFields, blankAddress } from '../../../components/AddressFields.tsx';
import { useQuery } from '@tanstack/react-query';
import { shippingRatesQuery } from '../../../lib/shippingRates.ts';

const blank = { name: '', email: '', ...blankAddress, reason: '' };

export function CustomerDetailsForm({ order }: { order: AdminOrder }) {
  const id = useId();
  const missing = missingCustomerDetails(order);
  const add = useAddCustomerDetails(order);
  const sessionExpired = useSessionExpiry();
  const [open, setOpen] = useState(false);
  const [form, setForm] = useState(blank);
  const [refusal, setRefusal] = useState<string | null>(null);
  // The shop's destinations from the live delivery table (decision 099), as every checkout lists them.
  const destinations = useQuery(shippingRatesQuery).data?.destinations ?? [];
  if (missing.length === 0) return null;
  const set = (field: keyof typeof blank) => (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
    setForm((f) => ({ ...f, [field]: e.target.value }));

  function submit(event: React.FormEvent) {
    event.preventDefault();
    setRefusal(null);
    const wantsAddress = missing.includes('address') && form.line1.trim() !== '';
    add.mutate(
      {
        ...(missing.includes('name') && form.name.trim() ? { name: form.name } : {}),
        ...(missing.includes('email') && form.email.trim() ? { email: form.email } : {}),
        ...(wantsAddress
          ? {
              address: {
                line1: form.line1,
                ...(form.line2.trim() ? { line2: form.line2 } : {}),
                city: form.city,
                postcode: form.postcode,
                country: form.country,
              },
            }
          : {}),
        reason: form.reason,
      },
      {
        onSuccess: () => {
          setForm(blank);
          setOpen(false);
          toast({
            title: 'Customer Details Added',
            description: `Order #${order.orderNumber} now has the buyer's details.`,
          });
        },
        onError: (error) => {
          if (sessionExpired(error)) return;
          setRefusal(serverMessage(error) ?? 'The details could not be added. Please try again.');
        },
      },
    );
  }

  if (!open)
    return (
      <Flex direction="column" gap="2" mt="3">
        <Text size="2" color="amber">
          This order was placed without the buyer's {missing.join(', ')}.
        </Text>
        <Button
          type="button"
          variant="soft"
          highContrast
          onClick={() => setOpen(true)}
          style={{ alignSelf: 'flex-start' }}
        >
          Add Customer Details
        </Button>
      </Flex>
    );

  return (
    <form onSubmit={submit} aria-label={`Customer details for order #${order.orderId}`} noValidate>
      <Flex direction="column" gap="3" mt="3">
        <Heading as="h5" size="2">
          Add the buyer's details
        </Heading>
        {missing.includes('name') && (
          <LabelledField id={`${id}-name`} label="Name">
            <TextField.Root id={`${id}-name`} value={form.name} onChange={set('name')} autoComplete="off" />
          </LabelledField>
        )}
        {missing.includes('email') && (
          <LabelledField id={`${id}-email`} label="Email">
            <TextField.Root
              id={`${id}-email`}
              type="email"
              value={form.email}
              onChange={set('email')}
              autoComplete="off"
            />
          </LabelledField>
        )}
        {missing.includes('address') && (
          <AddressFields
            id={id}
            value={form}
            onChange={(change) => setForm((f) => ({ ...f, ...change }))}
            countries={destinations}
            autoComplete="off"
          />
        )}
        <LabelledField id={`${id}-reason`} label="Reason (required)">
          <TextArea
            id={`${id}-reason`}
            value={form.reason}
            onChange={set('reason')}
            maxLength={maxReasonLength}
            placeholder="e.g. The buyer replied to our e-mail with their address"
            resize="vertical"
          />
        </LabelledField>
        {refusal && (
          <Callout.Root color="amber" size="1" role="alert">
            <Callout.Text>{refusal}</Callout.Text>
          </Callout.Root>
        )}
        <Flex gap="2">
          <Button type="submit" disabled={add.isPending} highContrast>
            {add.isPending ? 'Saving...' : 'Save Customer Details'}
          </Button>
          <Button type="button" variant="soft" color="gray" onClick={() => setOpen(false)} disabled={add.isPending}>
            Cancel
          </Button>
        </Flex>
      </Flex>
    </form>
  );
}
