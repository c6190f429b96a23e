// Adding the buyer's details to an order placed without them: from the shopper's own page when it arrives after the
// payment provider's report, or from the owner's console with a reason. Only gaps are filled; what the order already
// carries (what the payment provider verified, or details added before) is never replaced.
import {
  detailsFillingGaps,
  missingCustomerDetails,
  withDetailsAdded,
  type CustomerDetailsSource,
  type CustomerOnRecord,
  type OrderCustomerDetailsAdded,
  type OrderEvent,
  type ShippingAddress,
} from '../../contracts/orders.ts';
import type { Decider } from '../commands.ts';
import { conflict, notFound } from '../http/errors.ts';
import { orderNotFoundMessage, staleOrderMessage } from './orderStatus.ts';

export type CustomerState = { placed: false; revision: number } | { placed: true; customer: CustomerOnRecord; revision: number };

export type OfferedDetails = { customerName?: string; customerEmail?: string; shippingAddress?: ShippingAddress };

export type AddCustomerDetails = {
  type: 'AddCustomerDetails';
  orderId: string;
  offered: OfferedDetails;
  source: CustomerDetailsSource;
  reason: string;
  /** 'shopper' or the admin's username */
  by: string;
  at: string;
  /** the revision the owner's screen showed; absent when the caller does not care */
  expectedRevision?: number;
};

const detailWords = { name: 'a name', email: 'an email address', address: 'an address' } as const;

const sameAddress = (a: ShippingAddress | string, b: ShippingAddress) =>
  typeof a !== 'string' && a.line1 === b.line1 && (a.line2 ?? '') === (b.line2 ?? '') && a.city === b.city && a.postcode === b.postcode && a.country === b.country;

export const customerDetailsDecider: Decider<CustomerState, AddCustomerDetails, OrderEvent> = {
  initialState: () => ({ placed: false, revision: -1 }),
  evolve: (state, event) => {
    const revision = state.revision + 1;
    if (event.type === 'OrderPlaced') {
      const { customerName, customerEmail, shippingAddress } = event.data;
      return { placed: true, customer: { customerName, customerEmail, shippingAddress }, revision };
    }
    if (event.type === 'OrderCustomerDetailsAdded' && state.placed) return { ...state, customer: withDetailsAdded(state.customer, event.data), revision };
    return { ...state, revision };
  },
  decide: (command, state): OrderCustomerDetailsAdded[] => {
    if (!state.placed) throw notFound(orderNotFoundMessage(command.orderId));
    const fill = detailsFillingGaps(state.customer, command.offered);
    if (command.source === 'owner') {
      if (command.expectedRevision !== undefined && command.expectedRevision !== state.revision) throw conflict(staleOrderMessage);
      // The owner is told plainly when a detail is already there: the console shows only the missing ones.
      const missing = missingCustomerDetails(state.customer);
      const { customerName, customerEmail, shippingAddress } = command.offered;
      const clashes = [
        customerName !== undefined && !missing.includes('name') && customerName !== state.customer.customerName ? 'name' : null,
        customerEmail !== undefined && !missing.includes('email') && customerEmail !== state.customer.customerEmail ? 'email' : null,
        shippingAddress !== undefined && !missing.includes('address') && !sameAddress(state.customer.shippingAddress, shippingAddress) ? 'address' : null,
      ].filter((d): d is 'name' | 'email' | 'address' => d !== null);
      if (clashes.length > 0) {
        throw conflict(`This order already has ${clashes.map((d) => detailWords[d]).join(' and ')}; details on record are not replaced.`);
      }
      if (Object.keys(fill).length === 0) throw conflict('This order already has these details.');
    } else if (Object.keys(fill).length === 0) {
      return [];
    }
    const { orderId, source, reason, by, at } = command;
    return [{ type: 'OrderCustomerDetailsAdded', data: { orderId, ...fill, source, reason, by, at } }];
  },
};
