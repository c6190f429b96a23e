// The From and To days of a screen's range, and the form that applies them: the ledger's period and the sales' range
// (whose applied values live in the address, lib/dateRange.ts); the order console puts the two days in its search.
import { Button, Text, TextField } from '@radix-ui/themes';
import { useState } from 'react';
import { rangeOf, type DateRange } from '../lib/dateRange.ts';
import './dateRange.css';

/** The two days' fields, each labelled. */
export function DateFields({ value, onChange }: { value: DateRange; onChange: (range: DateRange) => void }) {
  const day = (end: 'from' | 'to', label: string) => (
    <label className="date-range__field">
      <Text size="2" weight="medium">
        {label}
      </Text>
      <TextField.Root
        type="date"
        value={value[end] ?? ''}
        onChange={(e) => onChange({ ...value, [end]: e.target.value })}
      />
    </label>
  );
  return (
    <>
      {day('from', 'From')}
      {day('to', 'To')}
    </>
  );
}

/**
 * The range applied on Show. The fields start from `applied` and start again whenever it changes (a reload, the
 * browser's Back); `onApply` is handed only the ends chosen.
 */
export function DateRangeFilter(props: {
  /** the form's name, read out by a screen reader */
  label: string;
  applied: DateRange;
  onApply: (range: { from?: string; to?: string }) => void;
  className?: string;
}) {
  return <RangeForm key={`${props.applied.from ?? ''}/${props.applied.to ?? ''}`} {...props} />;
}

function RangeForm({ label, applied, onApply, className }: Parameters<typeof DateRangeFilter>[0]) {
  const [range, setRange] = useState<DateRange>(applied);
  return (
    <form
      className={className ? `date-range ${className}` : 'date-range'}
      aria-label={label}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onApply(rangeOf(range));
      }}
    >
      <DateFields value={range} onChange={setRange} />
      <Button type="submit">Show</Button>
    </form>
  );
}
