// The shipping form's countries and the cost for a country.
import { checkoutApi } from '../../contracts/checkout/api.ts';
import { cartCheckoutShippingPence, destinationCode, shippingCountryNames } from '../../contracts/checkout/shipping.ts';
import { route, type Routers } from '../http/route.ts';

export function shippingRoutes(routers: Routers) {
  route(routers, checkoutApi.shippingCountries, (ctx) => {
    ctx.body = { success: true, countries: shippingCountryNames };
  });

  // Reading 1 (GB 350, elsewhere 500, per order) and not the landing page's £3.99/£4.99 text or the fallback table:
  // the shipping dialog leads to a payment page, and reading 1 is what every payment page charges, so the cost the
  // form shows is the cost the shopper pays. The quantity is checked but does not change the flat rate.
  route(routers, checkoutApi.shippingCost, (ctx, input) => {
    const query = input.query();
    const code = destinationCode(query.country) ?? query.country;
    ctx.body = { shippingCost: cartCheckoutShippingPence(code) };
  });
}
