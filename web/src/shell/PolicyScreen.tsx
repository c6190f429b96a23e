// One of the shop's policy pages (decision 089), from contracts/content/policies.json, in the shop's frame.
import { Card, Container, Heading, Link, Text } from '@radix-ui/themes';
import { useEffect } from 'react';
import { shopContent } from '#contracts/catalog/content.ts';
import {
  deliveryRatesParagraph,
  policyLinks,
  policyPage,
  policyPath,
  type PolicySlug,
} from '#contracts/content/policies.ts';
import { useQuery } from '@tanstack/react-query';
import { deliveryRatesText } from '#contracts/checkout/shippingRates.ts';
import { shippingRatesQuery } from '../lib/shippingRates.ts';

export function PolicyScreen({ slug }: { slug: PolicySlug }) {
  const page = policyPage(slug);
  // The delivery page states the rates the checkouts charge, from the live table (decision 099).
  const table = useQuery({ ...shippingRatesQuery, enabled: slug === 'delivery' }).data;
  useEffect(() => {
    document.title = `${page.title} — ${shopContent.shop.name}`;
  }, [page.title]);
  return (
    <Container size="2" px="4" py="8">
      <article data-testid="policy-page">
        <Heading as="h1" size="8" mb="2">
          {page.title}
        </Heading>
        <Text as="p" size="4" color="gray" mb="6">
          {page.summary}
        </Text>
        {page.sections.map((section) => (
          <section key={section.heading}>
            <Heading as="h2" size="5" mt="6" mb="2">
              {section.heading}
            </Heading>
            {section.paragraphs.flatMap((paragraph, i) =>
              paragraph === deliveryRatesParagraph
                ? (table ? deliveryRatesText(table) : []).map((sentence, j) => (
                    <Text
                      as="p"
                      size="3"
                      mb="3"
                      key={`${i}-${j}`}
                      style={{ lineHeight: 1.7 }}
                      data-testid="delivery-rate"
                    >
                      {sentence}
                    </Text>
                  ))
                : [
                    <Text as="p" size="3" mb="3" key={i} style={{ lineHeight: 1.7 }}>
                      {paragraph}
                    </Text>,
                  ],
            )}
          </section>
        ))}
        <Card variant="surface" mt="6">
          <Text as="p" size="2">
            Also:{' '}
            {policyLinks
              .filter((link) => link.slug !== slug)
              .map((link, i) => (
                <span key={link.slug}>
                  {i > 0 && ' · '}
                  <Link href={policyPath(link.slug)} underline="always">
                    {link.label}
                  </Link>
                </span>
              ))}
          </Text>
        </Card>
      </article>
    </Container>
  );
}
