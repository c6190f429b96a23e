// The direct purchase's calls in order: the checkout session first, then the owner's purchase notice, then the
// payment page. A checkout the server refuses (a quantity over the limit, say) therefore tells the owner nothing.
import { checkoutApi } from '#contracts/checkout/api.ts';
import { directNotifyDefaults, type CheckoutUrlResponse } from '#contracts/checkout/model.ts';
import { pathFor, type BodyOf } from '#contracts/shared/endpoint.ts';
import { penceToPoundsString } from '#contracts/shared/money.ts';

const { createCheckoutSession, directNotify } = checkoutApi;

export type DirectPurchase = {
  productTitle: string;
  /** the price of everything bought, pence */
  pricePence: number;
  quantity: number;
  customerEmail?: string | undefined;
  customerName?: string | undefined;
  country?: string | undefined;
  /** "This is a gift": its message, and its recipient when it goes to someone else (decision 110) */
  gift?: BodyOf<typeof createCheckoutSession>['gift'] | undefined;
};

export type DirectPurchaseDeps = {
  request: <T>(method: string, url: string, body?: unknown) => Promise<T>;
  /** the server's own words in a refusal, when it sent any */
  messageOf: (error: unknown) => string | undefined;
  /** a notice that could not be sent is only logged: the purchase goes on */
  logError: (message: string, error: unknown) => void;
};

/** Answers the payment page's address, or throws an Error whose message the toast shows. */
export async function startDirectPurchase(deps: DirectPurchaseDeps, purchase: DirectPurchase): Promise<string> {
  const { productTitle, pricePence, quantity, customerEmail, customerName, country, gift } = purchase;
  let session: CheckoutUrlResponse;
  try {
    session = await deps.request<CheckoutUrlResponse>(createCheckoutSession.method, pathFor(createCheckoutSession), {
      items: [
        {
          title: productTitle,
          description: `Purchase of ${productTitle}`,
          price: penceToPoundsString(Math.round(pricePence / quantity)),
          quantity,
        },
      ],
      customerEmail,
      customerName,
      ...(country ? { customerCountry: country } : {}),
      ...(gift ? { gift } : {}),
    } satisfies BodyOf<typeof createCheckoutSession>);
  } catch (error) {
    throw new Error(deps.messageOf(error) || 'Could not create checkout session', { cause: error });
  }
  if (!session?.url) throw new Error('Could not create checkout session');
  // The owner hears of the purchase before the shopper is sent to pay; if that fails it is only logged.
  try {
    const notice: BodyOf<typeof directNotify> = {
      customerName: customerName || directNotifyDefaults.customerName,
      customerEmail: customerEmail || directNotifyDefaults.customerEmail,
      shippingAddress: directNotifyDefaults.shippingAddress,
      items: [{ name: productTitle, quantity: 1, price: pricePence }],
      totalAmount: pricePence,
      shippingCost: 0,
      paymentMethod: directNotifyDefaults.paymentMethod,
    };
    await deps.request(directNotify.method, pathFor(directNotify), notice);
  } catch (error) {
    deps.logError('Purchase notification failed', error);
  }
  return session.url;
}
