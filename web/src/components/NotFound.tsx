import { Card, Flex, Heading, Text } from '@radix-ui/themes';

export function NotFound() {
  return (
    <Flex align="center" justify="center" style={{ minHeight: '100vh', padding: 16 }}>
      <Card size="3" style={{ maxWidth: 420, width: '100%' }}>
        <Flex gap="2" align="center" mb="3">
          <svg
            aria-hidden="true"
            width="32"
            height="32"
            viewBox="0 0 24 24"
            fill="none"
            stroke="#dc2626"
            strokeWidth="2"
          >
            <circle cx="12" cy="12" r="10" />
            <line x1="12" y1="8" x2="12" y2="12" />
            <line x1="12" y1="16" x2="12.01" y2="16" />
          </svg>
          <Heading as="h1" size="6">
            404 Page Not Found
          </Heading>
        </Flex>
        <Text as="p" size="2" color="gray">
          Did you forget to add the page to the router?
        </Text>
      </Card>
    </Flex>
  );
}
