// Why the reader reads, downloads or erases a customer's details (decision 058): from 3 to 200 characters, required,
// never filled in by the browser, and kept with the reader's name. The orders CSV, the Click & Drop export, the Xero
// files that name buyers and the privacy screen's access and erasure each ask for one.
import { TextField } from '@radix-ui/themes';
import { LabelledField } from './LabelledField.tsx';

export function ReasonField({
  id,
  label,
  value,
  onChange,
  error,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (reason: string) => void;
  error?: string | undefined;
}) {
  return (
    <LabelledField id={id} label={label} error={error}>
      <TextField.Root
        id={id}
        required
        minLength={3}
        maxLength={200}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        autoComplete="off"
        {...(error ? { 'aria-invalid': true, 'aria-describedby': `${id}-error` } : {})}
      />
    </LabelledField>
  );
}
