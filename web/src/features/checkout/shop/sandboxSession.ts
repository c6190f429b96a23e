// The sandbox's hosted checkout session, as its payment page reads it.
import { checkoutApi } from '#contracts/checkout/api.ts';
import { queryFor } from '../../../lib/api.ts';

export const sandboxSessionQuery = (sessionId: string) =>
  queryFor(checkoutApi.sandboxSession, { params: { id: sessionId } });
