// `npm run events -- stripe-check`: the account's webhook endpoints read with the API (never changed), compared with
// the events the shop acts on (the handler table in webhooks.ts).
import type Stripe from 'stripe';
import { checkoutApi } from '../../../contracts/checkout/api.ts';
import { stripeApiVersion } from './apiVersion.ts';
import { stripeWebhookEvents } from './webhooks.ts';

/** A webhook endpoint as Stripe's API lists it (`GET /v1/webhook_endpoints`), with the fields the check reads. */
export type WebhookEndpoint = Pick<
  Stripe.WebhookEndpoint,
  'id' | 'url' | 'enabled_events' | 'status' | 'api_version' | 'livemode'
>;

/** Every webhook endpoint of the account, page by page. Only reads. */
export async function listWebhookEndpoints(stripe: Stripe): Promise<WebhookEndpoint[]> {
  const endpoints: WebhookEndpoint[] = [];
  for await (const endpoint of stripe.webhookEndpoints.list({ limit: 100 })) endpoints.push(endpoint);
  return endpoints;
}

/** Where Stripe must deliver the shop's events: PUBLIC_URL and the webhook route's path. */
export const webhookUrlOf = (publicUrl: string) =>
  `${publicUrl.replace(/\/+$/, '')}${checkoutApi.paymentsWebhook.path}`;

/** Two spellings of one address (a trailing slash, the host's case, a default port) are the same endpoint. */
function sameAddress(a: string, b: string): boolean {
  if (!URL.canParse(a) || !URL.canParse(b)) return a === b;
  const norm = (u: URL) => `${u.protocol}//${u.host}${u.pathname.replace(/\/+$/, '')}${u.search}`;
  return norm(new URL(a)) === norm(new URL(b));
}

export type EndpointReport = {
  endpoint: WebhookEndpoint;
  /** the shop acts on these and the endpoint is not sent them */
  lacking: string[];
  /** the endpoint is sent these and the shop answers them 200 and changes nothing ('*': every other event) */
  ignored: string[];
};

export type WebhookCheck = {
  webhookUrl: string;
  needed: readonly string[];
  /** the endpoints that deliver to the shop's webhook address (two while an API version upgrade runs) */
  matching: EndpointReport[];
  /** the account's other endpoints, by address */
  others: WebhookEndpoint[];
  /** whether an enabled endpoint delivers every needed event to the shop */
  ok: boolean;
};

export function checkWebhookEndpoints(
  endpoints: readonly WebhookEndpoint[],
  webhookUrl: string,
  needed: readonly string[] = stripeWebhookEvents,
): WebhookCheck {
  const matching = endpoints
    .filter((e) => sameAddress(e.url, webhookUrl))
    .map((endpoint): EndpointReport => {
      const all = endpoint.enabled_events.includes('*');
      const enabled = new Set(endpoint.enabled_events);
      return {
        endpoint,
        lacking: all ? [] : needed.filter((type) => !enabled.has(type)),
        ignored: all
          ? ['*']
          : endpoint.enabled_events.filter((type) => !needed.includes(type)).sort((a, b) => a.localeCompare(b)),
      };
    });
  return {
    webhookUrl,
    needed,
    matching,
    others: endpoints.filter((e) => !sameAddress(e.url, webhookUrl)),
    ok: matching.some((m) => m.endpoint.status === 'enabled' && m.lacking.length === 0),
  };
}

/** The check as the CLI prints it. */
export function webhookCheckText(check: WebhookCheck): string {
  const lines: string[] = [];
  const list = (items: readonly string[]) => items.map((item) => `    ${item}`);
  if (check.matching.length === 0) {
    lines.push(`No webhook endpoint of this account delivers to ${check.webhookUrl}.`);
    if (check.others.length) {
      lines.push('The account has these endpoints:');
      for (const other of check.others) lines.push(`    ${other.id}  ${other.url}`);
    }
    lines.push(`Add one at that address (Stripe dashboard, Developers, Webhooks) sending these events:`);
    lines.push(...list(check.needed));
  }
  for (const { endpoint, lacking, ignored } of check.matching) {
    lines.push(
      `Webhook endpoint ${endpoint.id} delivers to ${endpoint.url} (${endpoint.status}, ${endpoint.livemode ? 'live' : 'test'} mode).`,
    );
    if (endpoint.status !== 'enabled')
      lines.push('  It is disabled: Stripe sends it nothing. Enable it in the dashboard.');
    lines.push(
      endpoint.api_version === stripeApiVersion
        ? `  API version ${endpoint.api_version}, the shop's.`
        : `  API version ${endpoint.api_version ?? "the account's default"}, not the shop's ${stripeApiVersion}: its events are acted on all the same and each delivery is answered with a warning (decision 073).`,
    );
    lines.push(
      endpoint.enabled_events.includes('*')
        ? '  Enabled events: * (every event)'
        : `  Enabled events (${endpoint.enabled_events.length}):`,
    );
    if (!endpoint.enabled_events.includes('*')) lines.push(...list(endpoint.enabled_events));
    if (lacking.length) {
      lines.push(`  Needed by the shop and not enabled (${lacking.length}):`);
      lines.push(...list(lacking));
    } else lines.push('  Every event the shop needs is enabled.');
    if (ignored.length) {
      lines.push(
        ignored[0] === '*'
          ? '  Every other event is sent too; the shop answers it 200 and changes nothing.'
          : `  Enabled and ignored by the shop, which answers them 200 and changes nothing (${ignored.length}):`,
      );
      if (ignored[0] !== '*') lines.push(...list(ignored));
    }
  }
  lines.push(
    check.ok
      ? 'OK: Stripe sends the shop every event it acts on.'
      : 'NOT READY: payments, refunds, disputes or payouts would go unrecorded until the endpoint is fixed.',
  );
  return lines.join('\n');
}
