import { TextField } from '@radix-ui/themes';
import { LabelledField } from '../../../components/LabelledField.tsx';

/** One text or date field of an audit filter form, editing its draft; the filter applies when the form is sent. */
export function FilterField<Draft extends Partial<Record<Field, string>>, Field extends keyof Draft & string>({
  id,
  label,
  field,
  draft,
  setDraft,
  type,
  placeholder,
}: {
  id: string;
  label: string;
  field: Field;
  draft: Draft;
  setDraft: (draft: Draft) => void;
  type?: 'date';
  placeholder?: string;
}) {
  return (
    <LabelledField id={id} label={label}>
      <TextField.Root
        id={id}
        type={type}
        placeholder={placeholder}
        value={draft[field] ?? ''}
        onChange={(e) => setDraft({ ...draft, [field]: e.target.value })}
      />
    </LabelledField>
  );
}
