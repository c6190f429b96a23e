// "Deliver to": the shop's destinations from the live delivery table, the United Kingdom first (decision 099). The
// choice is kept for the visit, so the cart, Buy Now, the card form and the wallet page all start from it.
import { Select } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { LabelledField } from '../../../components/LabelledField.tsx';
import { shippingRatesQuery, useShownDestination } from './shipping.ts';

export function DestinationSelect({ error, label = 'Deliver to' }: { error?: string | undefined; label?: string }) {
  const id = useId();
  const destinations = useQuery(shippingRatesQuery).data?.destinations ?? [];
  const [destination, setDestination] = useShownDestination();
  const known = destinations.some((d) => d.code === destination);
  return (
    <LabelledField id={id} label={label} error={error}>
      <Select.Root value={known && destination ? destination : undefined} onValueChange={setDestination}>
        <Select.Trigger id={id} placeholder="Choose where the parcel goes" />
        <Select.Content position="popper">
          {destinations.map((d) => (
            <Select.Item key={d.code} value={d.code}>
              {d.name}
            </Select.Item>
          ))}
        </Select.Content>
      </Select.Root>
    </LabelledField>
  );
}
