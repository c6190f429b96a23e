// GET /api/shipping/countries and GET /api/shipping/calculate for the shipping form (spec §7).
import type { Router } from '@koa/router';
import * as v from 'valibot';
import { cartCheckoutShippingPence, destinationCode, shippingDestinations } from '../../contracts/shipping.ts';
import type { ShopDeps } from '../deps.ts';
import { parseOr400 } from '../http/errors.ts';

const home = 'United Kingdom';

/** United Kingdom first, the rest in alphabetical order (spec §7). */
export const shippingCountryNames = [home, ...shippingDestinations.map((d) => d.name).filter((n) => n !== home).sort((a, b) => a.localeCompare(b, 'en-GB'))];

const CalculateQuerySchema = v.object({
  country: v.pipe(
    v.string('country is required'),
    v.trim(),
    v.check((name) => !!destinationCode(name) || shippingDestinations.some((d) => d.code === name), 'We do not ship to that country'),
  ),
  // The shipping form's quantity has no maximum (spec §5), only sanity.
  quantity: v.pipe(v.string('quantity is required'), v.regex(/^[1-9][0-9]{0,3}$/, 'Quantity must be a whole number of at least 1'), v.transform(Number)),
});

export function shippingRoutes(router: Router, _deps: ShopDeps) {
  router.get('/api/shipping/countries', (ctx) => {
    ctx.body = { success: true, countries: shippingCountryNames };
  });

  // Reading 1 (GB 350, elsewhere 500, per order) and not the landing page's £3.99/£4.99 text or the fallback table:
  // the shipping dialog leads to a payment page, and reading 1 is what every payment page charges, so the cost the
  // form shows is the cost the shopper pays. The quantity is checked but does not change the flat rate.
  router.get('/api/shipping/calculate', (ctx) => {
    const query = parseOr400(CalculateQuerySchema, { country: ctx.query.country, quantity: ctx.query.quantity });
    const code = destinationCode(query.country) ?? query.country;
    ctx.body = { shippingCost: cartCheckoutShippingPence(code) };
  });
}
