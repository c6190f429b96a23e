// A form control with its label above it and, when given, its error below (announced, and named by `${id}-error`).
import { Flex, Text } from '@radix-ui/themes';
import type { ReactNode } from 'react';

export function LabelledField({
  id,
  label,
  error,
  children,
}: {
  id: string;
  label: string;
  error?: string | undefined;
  children: ReactNode;
}) {
  return (
    <Flex direction="column" gap="1">
      <Text as="label" htmlFor={id} size="2" weight="medium">
        {label}
      </Text>
      {children}
      {error && (
        <Text id={`${id}-error`} size="1" color="red" role="alert">
          {error}
        </Text>
      )}
    </Flex>
  );
}
