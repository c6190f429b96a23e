// The policy pages' slugs, addresses and the links to them (decision 089), apart from the pages' words: the footer
// on every shop page draws these links, and the words (policies.json) are read only by a policy page (decision 129).
export const policySlugs = ['delivery', 'returns', 'privacy', 'terms', 'our-details'] as const;
export type PolicySlug = (typeof policySlugs)[number];

/** The address of a policy page. */
export const policyPath = (slug: PolicySlug) => `/policies/${slug}` as const;

/** The links every checkout step and the footer show, in this order, with the words they show. */
export const policyLinks: { slug: PolicySlug; label: string }[] = [
  { slug: 'delivery', label: 'Delivery' },
  { slug: 'returns', label: 'Returns & cancellations' },
  { slug: 'privacy', label: 'Privacy' },
  { slug: 'terms', label: 'Terms' },
  { slug: 'our-details', label: 'Our details' },
];
