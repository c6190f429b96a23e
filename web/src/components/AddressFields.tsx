// An address's fields — first line, second line (where the form asks for one), city, postcode and country — as every
// form that takes an address lays them out: the card checkout, a gift's recipient, the sandbox's payment page and
// wallet sheet, and the owner's form for a buyer's missing details. A form keeps its own labels and its name and
// e-mail; the fields' ids follow the form's (`${id}-line1` …). The UK postcode rule (decision 089) is the server's,
// said beside the postcode field: checked on submit (usePostcodeCheck) or as the payer types (postcodeProblemSoFar).
import { Grid, TextField } from '@radix-ui/themes';
import { useState } from 'react';
import { defaultCountry } from '#contracts/shared/constants.ts';
import { postcodeProblem } from '#contracts/shared/postcode.ts';
import { CountrySelect } from './CountrySelect.tsx';
import { LabelledField } from './LabelledField.tsx';

/** An address as a form holds it; a form without a second line leaves `line2` out. */
export type AddressDraft = { line1: string; line2?: string; city: string; postcode: string; country: string };

type Field = keyof AddressDraft;

/** A form's address before anything is typed: in the shop's own country. */
export const blankAddress = { line1: '', line2: '', city: '', postcode: '', country: defaultCountry as string };

const shopLabels: Record<Field, string> = {
  line1: 'Address Line 1',
  line2: 'Address Line 2',
  city: 'City',
  postcode: 'Postcode',
  country: 'Country',
};

const autoCompleteOf: Record<Exclude<Field, 'country'>, string> = {
  line1: 'address-line1',
  line2: 'address-line2',
  city: 'address-level2',
  postcode: 'postal-code',
};

/** The rule on submit: the problem found is shown until the next submit; true when the postcode may be sent. */
export function usePostcodeCheck() {
  const [error, setError] = useState<string | null>(null);
  const check = (address: Pick<AddressDraft, 'country' | 'postcode'>) => {
    const problem = postcodeProblem(address.country, address.postcode);
    setError(problem);
    return problem === null;
  };
  return [error, check] as const;
}

/** The rule as the payer types: once a postcode and a country are given. */
export const postcodeProblemSoFar = ({ country, postcode }: Pick<AddressDraft, 'country' | 'postcode'>) =>
  postcode.trim() && country ? postcodeProblem(country, postcode) : null;

export function AddressFields<A extends AddressDraft>({
  id,
  value,
  onChange,
  countries,
  countryPlaceholder,
  labels = {},
  labelPrefix = '',
  required = false,
  autoComplete,
  postcodeError,
}: {
  /** the form's own id: each field's is `${id}-<field>` */
  id: string;
  value: A;
  onChange: (change: Partial<AddressDraft>) => void;
  /** the choices, by code and name */
  countries: readonly { code: string; name: string }[];
  countryPlaceholder?: string;
  /** labels other than the shop's ("Address Line 1", "Address Line 2", "City", "Postcode", "Country") */
  labels?: Partial<Record<Field, string>>;
  /** before every label: whose address it is ("Recipient ") */
  labelPrefix?: string;
  /** the first line, city and postcode must be given: marked with a star and `required` */
  required?: boolean;
  /** the browser's address autofill (`address`), turned off (`off`: someone else's address), or left to it */
  autoComplete?: 'address' | 'off';
  postcodeError?: string | null;
}) {
  const label = (field: Field) =>
    `${labelPrefix}${labels[field] ?? shopLabels[field]}${required && field !== 'line2' && field !== 'country' ? ' *' : ''}`;
  const input = (field: Exclude<Field, 'country'>) => (
    <LabelledField
      id={`${id}-${field}`}
      label={label(field)}
      error={field === 'postcode' ? (postcodeError ?? undefined) : undefined}
    >
      <TextField.Root
        id={`${id}-${field}`}
        value={value[field] ?? ''}
        onChange={(e) => onChange({ [field]: e.target.value })}
        {...(autoComplete ? { autoComplete: autoComplete === 'off' ? 'off' : autoCompleteOf[field] } : {})}
        {...(required && field !== 'line2' ? { required: true } : {})}
        {...(field === 'postcode' && postcodeError
          ? { 'aria-invalid': true, 'aria-describedby': `${id}-postcode-error` }
          : {})}
      />
    </LabelledField>
  );
  return (
    <>
      {input('line1')}
      {value.line2 !== undefined && input('line2')}
      <Grid columns={{ initial: '1', xs: '2' }} gap="3">
        {input('city')}
        {input('postcode')}
      </Grid>
      <LabelledField id={`${id}-country`} label={label('country')}>
        <CountrySelect
          id={`${id}-country`}
          value={value.country}
          countries={countries}
          placeholder={countryPlaceholder}
          onChange={(country) => onChange({ country })}
        />
      </LabelledField>
    </>
  );
}
