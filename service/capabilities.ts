// Every capability the shell wires, in the order their routes are registered.
import { admin } from './admin/index.ts';
import { audit } from './audit/index.ts';
import type { Capability } from './capability.ts';
import { catalog } from './catalog/index.ts';
import { checkout } from './checkout/index.ts';
import { discounts } from './discounts/index.ts';
import { ledger } from './ledger/index.ts';
import { messages } from './messages/index.ts';
import { orders } from './orders/index.ts';
import { preorders } from './preorders/index.ts';
import { privacy } from './privacy/index.ts';
import { receipts } from './receipts/index.ts';
import { reviews } from './reviews/index.ts';
import { sales } from './sales/index.ts';
import { stock } from './stock/index.ts';
import { vat } from './vat/index.ts';

export const capabilities: readonly Capability[] = [
  catalog,
  checkout,
  admin,
  reviews,
  orders,
  receipts,
  audit,
  stock,
  sales,
  ledger,
  privacy,
  vat,
  discounts,
  messages,
  preorders,
];
