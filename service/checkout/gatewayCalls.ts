// Calls to the payment gateway: a gateway that is down or refuses is the shop's problem, answered as 502.
import type { ShopDeps } from '../deps.ts';
import { HttpError } from '../http/errors.ts';
import { GatewayUnavailable } from '../../contracts/ports/payments.ts';

export const gatewayDownMessage = 'The payment provider could not be reached. Please try again later.';

export async function viaGateway<T>(deps: Pick<ShopDeps, 'logger'>, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof GatewayUnavailable)) throw error;
    deps.logger.error({ err: error.message }, 'payment gateway call failed');
    throw new HttpError(502, gatewayDownMessage, 'payment_provider_unavailable');
  }
}
