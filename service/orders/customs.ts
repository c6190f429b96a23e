// The customs declarations of orders' parcels (decision 098), for their packing slips: each order as on record now
// (details added since included), sent where its slip addresses it (a gift's recipient, when it has one), its lines
// declared with the catalogue's customs details as they are today.
import { listAllBooks } from '../../contracts/catalog/books.ts';
import { customsDeclarationOf, destinationOf, type CustomsDeclaration } from '../../contracts/orders/customs.ts';
import { orderOnRecord } from '../../contracts/orders/model.ts';
import type { OrderPlaced } from '../../contracts/orders/events.ts';
import { orderStream } from '../../contracts/shared/streams.ts';
import type { ShopDeps } from '../deps.ts';

/** Where the parcel goes: to the gift's recipient when the order names one, else to the buyer's address. */
const parcelAddressOf = (order: OrderPlaced['data']) =>
  order.gift?.recipientName && order.gift.recipientAddress ? order.gift.recipientAddress : order.shippingAddress;

/** The declaration of each order whose parcel leaves the UK, by order id; orders staying in the UK are not in it. */
export async function customsDeclarations(
  deps: Pick<ShopDeps, 'events' | 'reads'>,
  orderIds: readonly string[],
): Promise<Map<string, CustomsDeclaration>> {
  const declarations = new Map<string, CustomsDeclaration>();
  if (orderIds.length === 0) return declarations;
  const catalogue = await listAllBooks(deps.reads);
  for (const orderId of orderIds) {
    const order = orderOnRecord(await deps.events.readStream(orderStream(orderId)));
    if (!order) continue;
    const declaration = customsDeclarationOf(destinationOf(parcelAddressOf(order)), order.items, catalogue);
    if (declaration) declarations.set(orderId, declaration);
  }
  return declarations;
}
