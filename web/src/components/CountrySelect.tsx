// The countries the shop ships to, by ISO code, as one select: the custom checkout and the owner's details form.
import { Select } from '@radix-ui/themes';
import { checkoutCountries } from '../../../contracts/checkout/shipping.ts';

export function CountrySelect({
  id,
  value,
  onChange,
  countries = checkoutCountries,
}: {
  id: string;
  value: string;
  onChange: (code: string) => void;
  /** the choices, by code and name; the checkout form's countries unless given (the delivery table's, decision 099) */
  countries?: readonly { code: string; name: string }[];
}) {
  return (
    <Select.Root value={value} onValueChange={onChange}>
      <Select.Trigger id={id} />
      <Select.Content position="popper">
        {countries.map((c) => (
          <Select.Item key={c.code} value={c.code}>
            {c.name}
          </Select.Item>
        ))}
      </Select.Content>
    </Select.Root>
  );
}
