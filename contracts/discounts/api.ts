// Discount codes over HTTP (decision 075): the cart's check, open to shoppers and limited per address, and the owner's
// codes on the guarded admin router (changes are an owner's: the admin router admits no auditor to them).
import { endpoint } from '../shared/endpoint.ts';
import {
  CreateDiscountCodeSchema,
  DiscountCheckRequestSchema,
  DiscountCodeChangeSchema,
  discountMessages,
  type DiscountCheckResponse,
  type DiscountCodeDetailResponse,
  type DiscountCodeListResponse,
  type DiscountCodeSummary,
} from './model.ts';

export const discountsApi = {
  /** The cart asks what a code takes off its basket: 200 with the figures, or 400 with the reason; 429 past the limit. */
  check: endpoint<DiscountCheckResponse>()({
    method: 'POST',
    path: '/api/discounts/check',
    guarded: false,
    body: DiscountCheckRequestSchema,
    messages: { notValid: discountMessages.notValid, tooManyTries: discountMessages.tooManyTries },
  }),
  list: endpoint<DiscountCodeListResponse>()({ method: 'GET', path: '/api/admin/discounts', guarded: true }),
  create: endpoint<DiscountCodeSummary>()({
    method: 'POST',
    path: '/api/admin/discounts',
    guarded: true,
    body: CreateDiscountCodeSchema,
  }),
  detail: endpoint<DiscountCodeDetailResponse>()({ method: 'GET', path: '/api/admin/discounts/:code', guarded: true }),
  pause: endpoint<DiscountCodeSummary>()({
    method: 'POST',
    path: '/api/admin/discounts/:code/pause',
    guarded: true,
    body: DiscountCodeChangeSchema,
  }),
  resume: endpoint<DiscountCodeSummary>()({
    method: 'POST',
    path: '/api/admin/discounts/:code/resume',
    guarded: true,
    body: DiscountCodeChangeSchema,
  }),
  end: endpoint<DiscountCodeSummary>()({
    method: 'POST',
    path: '/api/admin/discounts/:code/end',
    guarded: true,
    body: DiscountCodeChangeSchema,
  }),
} as const;
