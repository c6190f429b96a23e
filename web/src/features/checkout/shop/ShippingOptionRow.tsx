// One delivery option as the sandbox's payment page and wallet sheet offer it: its name and detail, and its price.
import { Flex, Text } from '@radix-ui/themes';
import { formatPence } from '#contracts/shared/money.ts';

export function ShippingOptionRow({ option }: { option: { label: string; detail: string; amount: number } }) {
  return (
    <Flex justify="between" width="100%" gap="3">
      <Flex direction="column">
        <Text weight="medium">{option.label}</Text>
        <Text size="1" color="gray">
          {option.detail}
        </Text>
      </Flex>
      <Text>{formatPence(option.amount)}</Text>
    </Flex>
  );
}
