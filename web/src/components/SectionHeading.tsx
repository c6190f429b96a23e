// The heading and short introduction every landing section opens with.
import { Heading, Text } from '@radix-ui/themes';
import type { ReactNode } from 'react';

export function SectionHeading({ id, title, children }: { id: string; title: string; children?: ReactNode }) {
  return (
    <div className="section-heading">
      <Heading as="h2" id={id} size={{ initial: '7', md: '8' }} align="center">
        {title}
      </Heading>
      {children && (
        <Text as="p" size="4" color="gray" align="center" mt="3">
          {children}
        </Text>
      )}
    </div>
  );
}
