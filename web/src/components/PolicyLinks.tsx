// The links to the shop's policies (decision 089): in the footer and on every checkout step, so a shopper can read
// delivery, returns, privacy and terms before paying.
import { Flex, Link } from '@radix-ui/themes';
import { policyLinks, policyPath } from '#contracts/content/policyLinks.ts';

export function PolicyLinks({ className }: { className?: string }) {
  return (
    <nav aria-label="Shop policies" className={className} data-testid="policy-links">
      <Flex asChild gap="3" wrap="wrap" justify="center" m="0" p="0">
        <ul style={{ listStyle: 'none' }}>
          {policyLinks.map((link) => (
            <li key={link.slug}>
              <Link href={policyPath(link.slug)} size="2" color="gray" highContrast underline="always">
                {link.label}
              </Link>
            </li>
          ))}
        </ul>
      </Flex>
    </nav>
  );
}
