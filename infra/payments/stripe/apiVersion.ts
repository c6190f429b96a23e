// The Stripe API version the shop is written against (decision 073): every request sends it and every webhook is
// checked against it. Typed as the installed SDK's own version, so an upgraded SDK does not compile until this is
// reviewed against Stripe's changelog and changed.
import type Stripe from 'stripe';

export const stripeApiVersion: Stripe.LatestApiVersion = '2026-10-28.endive';
