// Stripe's SDK, loaded when first used rather than when the shop starts (decision 119). A shop on the sandbox gateway
// uses it only to check a signed webhook delivery, which most never receive; loading it costs a process several MiB
// and a few hundred milliseconds at start. It is the SDK's CommonJS build, loaded synchronously, so the webhook check
// stays a plain function; the Stripe gateway uses the same copy, so a process never holds two.
import { createRequire } from 'node:module';
import type Stripe from 'stripe';

let loaded: typeof Stripe | undefined;

/** The SDK's constructor (with its static `webhooks`), loaded on the first call. */
export const stripeSdk = (): typeof Stripe => (loaded ??= createRequire(import.meta.url)('stripe') as typeof Stripe);
