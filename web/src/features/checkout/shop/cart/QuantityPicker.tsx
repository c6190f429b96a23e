// A quantity from 1 to 10: typed freely, read as a whole number when it changes, and shown
// normalised once the field is left; non-numeric input counts as 1.
import { Flex, IconButton, Text, TextField } from '@radix-ui/themes';
import { useId, useState } from 'react';
import { quantity as quantityLimits } from '#contracts/shared/constants.ts';
import { MinusIcon, PlusIcon } from '../../../../components/icons.tsx';
import { parseQuantity } from './cart.ts';

type QuantityChange = number | ((current: number) => number);

export function QuantityPicker({
  value,
  onChange,
  label,
}: {
  value: number;
  onChange: (change: QuantityChange) => void;
  label: string;
}) {
  const id = useId();
  // What the shopper is typing, while they type; otherwise the field shows the quantity itself.
  const [draft, setDraft] = useState<string | null>(null);

  return (
    <Flex direction="column" gap="1">
      <Text as="label" htmlFor={id} size="1" color="gray" weight="medium">
        Quantity
        <span className="visually-hidden"> of {label}</span>
      </Text>
      <Flex align="center" gap="1">
        <IconButton
          type="button"
          variant="soft"
          size="2"
          aria-label={`Decrease quantity of ${label}`}
          disabled={value <= quantityLimits.min}
          onClick={() => onChange((current) => Math.max(quantityLimits.min, current - 1))}
        >
          <MinusIcon size={14} />
        </IconButton>
        <TextField.Root
          id={id}
          className="quantity-input"
          inputMode="numeric"
          autoComplete="off"
          size="2"
          value={draft ?? String(value)}
          onChange={(event) => {
            setDraft(event.target.value);
            onChange(parseQuantity(event.target.value));
          }}
          onBlur={() => setDraft(null)}
        />
        <IconButton
          type="button"
          variant="soft"
          size="2"
          aria-label={`Increase quantity of ${label}`}
          disabled={value >= quantityLimits.max}
          onClick={() => onChange((current) => Math.min(quantityLimits.max, current + 1))}
        >
          <PlusIcon size={14} />
        </IconButton>
      </Flex>
    </Flex>
  );
}
