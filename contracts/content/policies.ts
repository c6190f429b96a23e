// The pages a UK online shop must show its customers (decision 089): delivery, returns and cancellations, privacy,
// terms, and who the shop is. Their words are in policies.json; the shop's name, address and e-mail come from
// shop.json, so the pages never disagree with the rest of the shop.
import * as v from 'valibot';
import raw from './policies.json' with { type: 'json' };
import { shopContent } from '../catalog/content.ts';
import { policySlugs, type PolicySlug } from './policyLinks.ts';

export { policyLinks, policyPath, policySlugs, type PolicySlug } from './policyLinks.ts';

const PolicyPageSchema = v.object({
  slug: v.picklist(policySlugs),
  title: v.pipe(v.string(), v.minLength(1)),
  summary: v.string(),
  sections: v.array(v.object({ heading: v.string(), paragraphs: v.array(v.string()) })),
});
export type PolicyPage = v.InferOutput<typeof PolicyPageSchema>;

const fill = (text: string) =>
  text
    .replaceAll('{shopName}', shopContent.shop.name)
    .replaceAll('{email}', shopContent.shop.contactEmail)
    .replaceAll('{address}', shopContent.shop.address.join(', '));

const pages = v.parse(v.object({ pages: v.array(PolicyPageSchema) }), raw).pages.map((page) => ({
  ...page,
  sections: page.sections.map((s) => ({ heading: s.heading, paragraphs: s.paragraphs.map(fill) })),
}));

/** A paragraph that stands for the delivery table's sentences (decision 099), filled in where the page is shown. */
export const deliveryRatesParagraph = '{deliveryRates}';

/** A page by its slug: every slug has one (checked when the content is read). */
export function policyPage(slug: PolicySlug): PolicyPage {
  const page = pages.find((p) => p.slug === slug);
  if (!page) throw new Error(`policies.json has no page "${slug}"`);
  return page;
}
