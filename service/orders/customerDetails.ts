// The owner adds the buyer's details to an order placed without them, from the console, with a reason. Only gaps are
// filled; what the order already carries (what the payment provider verified, or details added before) is never
// replaced, and the owner is told plainly when a detail is already there. (The shopper's own page, arriving after the
// payment provider's report, fills gaps through checkout's order placement.)
import {
  detailsFillingGaps,
  missingCustomerDetails,
  withDetailsAdded,
  type CustomerOnRecord,
  type ShippingAddress,
} from '../../contracts/orders/model.ts';
import type { OrderCustomerDetailsAdded, OrderEvent } from '../../contracts/orders/events.ts';
import type { Decider } from '../commands.ts';
import { conflict, notFound } from '../../contracts/shared/errors.ts';
import { orderNotFoundMessage } from './orderStatus.ts';

export type CustomerState = { placed: false } | { placed: true; customer: CustomerOnRecord };

export type OfferedDetails = { customerName?: string; customerEmail?: string; shippingAddress?: ShippingAddress };

export type AddCustomerDetails = {
  type: 'AddCustomerDetails';
  orderId: string;
  offered: OfferedDetails;
  reason: string;
  /** the admin's username */
  by: string;
  at: string;
};

const detailWords = { name: 'a name', email: 'an email address', address: 'an address' } as const;

const sameAddress = (a: ShippingAddress | string, b: ShippingAddress) =>
  typeof a !== 'string' &&
  a.line1 === b.line1 &&
  (a.line2 ?? '') === (b.line2 ?? '') &&
  a.city === b.city &&
  a.postcode === b.postcode &&
  a.country === b.country;

export const customerDetailsDecider: Decider<CustomerState, AddCustomerDetails, OrderEvent> = {
  initialState: () => ({ placed: false }),
  evolve: (state, event) => {
    if (event.type === 'OrderPlaced') {
      const { customerName, customerEmail, shippingAddress } = event.data;
      return { placed: true, customer: { customerName, customerEmail, shippingAddress } };
    }
    if (event.type === 'OrderCustomerDetailsAdded' && state.placed)
      return { ...state, customer: withDetailsAdded(state.customer, event.data) };
    return state;
  },
  decide: (command, state): OrderCustomerDetailsAdded[] => {
    if (!state.placed) throw notFound(orderNotFoundMessage(command.orderId));
    const fill = detailsFillingGaps(state.customer, command.offered);
    // The owner is told plainly when a detail is already there: the console shows only the missing ones.
    const missing = missingCustomerDetails(state.customer);
    const { customerName, customerEmail, shippingAddress } = command.offered;
    const clashes = [
      customerName !== undefined && !missing.includes('name') && customerName !== state.customer.customerName
        ? 'name'
        : null,
      customerEmail !== undefined && !missing.includes('email') && customerEmail !== state.customer.customerEmail
        ? 'email'
        : null,
      shippingAddress !== undefined &&
      !missing.includes('address') &&
      !sameAddress(state.customer.shippingAddress, shippingAddress)
        ? 'address'
        : null,
    ].filter((d): d is 'name' | 'email' | 'address' => d !== null);
    if (clashes.length > 0) {
      throw conflict(
        `This order already has ${clashes.map((d) => detailWords[d]).join(' and ')}; details on record are not replaced.`,
      );
    }
    if (Object.keys(fill).length === 0) throw conflict('This order already has these details.');
    const { orderId, reason, by, at } = command;
    return [{ type: 'OrderCustomerDetailsAdded', data: { orderId, ...fill, source: 'owner', reason, by, at } }];
  },
};
