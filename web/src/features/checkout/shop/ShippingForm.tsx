// Step one of the shipping and payment dialog: where the book goes, and what shipping costs there.
import { Button, Flex, Grid, Select, Text, TextField } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import * as v from 'valibot';
import { ShippingFormSchema, type ShippingForm as ShippingDetails } from '#contracts/checkout/model.ts';
import { quantity as quantityLimits } from '#contracts/shared/constants.ts';
import { formatPence } from '#contracts/shared/money.ts';
import { shippingCountriesQuery, shippingRatesQuery, useDestination, useShippingCost } from './shipping.ts';
import { LabelledField } from '../../../components/LabelledField.tsx';
import { PolicyLinks } from '../../../components/PolicyLinks.tsx';
import { ImportDutiesNotice } from './ImportDutiesNotice.tsx';

export type ShippingSubmission = ShippingDetails & { shippingCost: number };

type Field = keyof ShippingDetails;
const blank = { name: '', email: '', address: '', city: '', country: '', postcode: '', phone: '', quantity: '1' };

export function ShippingForm({
  onSubmit,
  initial,
}: {
  onSubmit: (details: ShippingSubmission) => void;
  initial?: Partial<ShippingSubmission>;
}) {
  const id = useId();
  // The destination chosen earlier this visit starts the form (decision 099), and a country chosen here is kept.
  const [destination, setDestination] = useDestination();
  const destinations = useQuery(shippingRatesQuery).data?.destinations;
  const remembered = destinations?.find((d) => d.code === destination)?.name ?? '';
  const [values, setValues] = useState({
    ...blank,
    country: remembered,
    ...initial,
    quantity: String(initial?.quantity ?? 1),
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const countries = useQuery(shippingCountriesQuery).data ?? [];
  const quantity = /^\d+$/.test(values.quantity) ? Number(values.quantity) : 0;
  const shippingCost = useShippingCost(values.country, quantity);
  const canSubmit = values.country.length > 0 && shippingCost !== undefined;

  const set = (field: keyof typeof blank) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };
  const fieldProps = (field: keyof typeof blank) => ({
    id: `${id}-${field}`,
    value: values[field],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => set(field)(e.target.value),
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': errors[field] ? `${id}-${field}-error` : undefined,
  });

  function submit(event: React.FormEvent) {
    event.preventDefault();
    const result = v.safeParse(ShippingFormSchema, { ...values, phone: values.phone || undefined, quantity });
    if (!result.success) {
      const flat = v.flatten<typeof ShippingFormSchema>(result.issues).nested ?? {};
      setErrors(Object.fromEntries(Object.entries(flat).map(([field, messages]) => [field, messages?.[0]])));
      return;
    }
    if (shippingCost === undefined) return;
    onSubmit({ ...result.output, shippingCost });
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Shipping Information">
      <Flex direction="column" gap="3">
        <LabelledField id={`${id}-name`} label="Full name" error={errors.name}>
          <TextField.Root {...fieldProps('name')} autoComplete="name" />
        </LabelledField>
        <LabelledField id={`${id}-email`} label="Email" error={errors.email}>
          <TextField.Root {...fieldProps('email')} type="email" autoComplete="email" />
        </LabelledField>
        <LabelledField id={`${id}-address`} label="Address" error={errors.address}>
          <TextField.Root {...fieldProps('address')} autoComplete="street-address" />
        </LabelledField>
        <Grid columns={{ initial: '1', xs: '2' }} gap="3">
          <LabelledField id={`${id}-city`} label="City" error={errors.city}>
            <TextField.Root {...fieldProps('city')} autoComplete="address-level2" />
          </LabelledField>
          <LabelledField id={`${id}-postcode`} label="Postcode" error={errors.postcode}>
            <TextField.Root {...fieldProps('postcode')} autoComplete="postal-code" />
          </LabelledField>
        </Grid>
        <Grid columns={{ initial: '1', xs: '2' }} gap="3">
          <LabelledField id={`${id}-country`} label="Country" error={errors.country}>
            <Select.Root
              value={values.country || undefined}
              onValueChange={(name) => {
                set('country')(name);
                const code = destinations?.find((d) => d.name === name)?.code;
                if (code) setDestination(code);
              }}
            >
              <Select.Trigger id={`${id}-country`} placeholder="Select your country" />
              <Select.Content position="popper">
                {countries.map((name) => (
                  <Select.Item key={name} value={name}>
                    {name}
                  </Select.Item>
                ))}
              </Select.Content>
            </Select.Root>
          </LabelledField>
          <LabelledField id={`${id}-quantity`} label="Quantity" error={errors.quantity}>
            <TextField.Root
              {...fieldProps('quantity')}
              type="number"
              min={quantityLimits.min}
              max={quantityLimits.max}
              inputMode="numeric"
            />
          </LabelledField>
        </Grid>
        <LabelledField id={`${id}-phone`} label="Phone (optional)" error={errors.phone}>
          <TextField.Root {...fieldProps('phone')} type="tel" autoComplete="tel" />
        </LabelledField>
        <Text size="2" color="gray" aria-live="polite" data-testid="shipping-cost">
          {values.country &&
            (shippingCost === undefined ? 'Calculating shipping...' : `Shipping: ${formatPence(shippingCost)}`)}
        </Text>
        <ImportDutiesNotice country={values.country} />
        <Button type="submit" size="3" disabled={!canSubmit}>
          Continue to Payment
        </Button>
        <PolicyLinks />
      </Flex>
    </form>
  );
}
