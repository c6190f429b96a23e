// The countries the shop ships to, by ISO code, as one select: every address's country (AddressFields), each given the
// live delivery table's destinations (decision 099) or, on the sandbox's pages, the session's own, never a list of its own.
import { Select } from '@radix-ui/themes';

export function CountrySelect({
  id,
  value,
  onChange,
  countries,
  placeholder,
}: {
  id: string;
  value: string;
  onChange: (code: string) => void;
  /** the choices, by code and name: the delivery table's destinations */
  countries: readonly { code: string; name: string }[];
  placeholder?: string | undefined;
}) {
  return (
    <Select.Root value={value} onValueChange={onChange}>
      <Select.Trigger id={id} placeholder={placeholder} />
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
