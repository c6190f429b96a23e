// The README's list of the Stripe events the shop acts on, written from the handler table (webhooks.ts).
import { stripeWebhookHandlers } from './webhooks.ts';

export const webhookListMarkers = {
  start: '<!-- stripe-webhook-events: written by npm run events -- stripe-events --readme README.md -->',
  end: '<!-- /stripe-webhook-events -->',
};

/** One line an event: its type and what the shop does with it, in the table's order. */
export function webhookEventList(): string {
  return Object.entries(stripeWebhookHandlers)
    .map(([type, { does }]) => `- \`${type}\`: ${does}`)
    .join('\n');
}

/** The README with the list between its markers written anew; throws when the markers are not there once each. */
export function withWebhookList(readme: string): string {
  const start = readme.indexOf(webhookListMarkers.start);
  const end = readme.indexOf(webhookListMarkers.end);
  if (start < 0 || end < start || readme.indexOf(webhookListMarkers.start, start + 1) >= 0)
    throw new Error(`the README has no place for the list: ${webhookListMarkers.start} … ${webhookListMarkers.end}`);
  return `${readme.slice(0, start)}${webhookListMarkers.start}\n${webhookEventList()}\n${readme.slice(end)}`;
}
