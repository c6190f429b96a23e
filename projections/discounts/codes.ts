// Read model: the discount codes that exist, by when they were made (decision 075). Its keys and reader are declared in
// contracts/discounts/codes.ts.
import { discountCodesReadModel } from '../../contracts/discounts/codes.ts';
import { defineProjection } from '../engine/projection.ts';

export const discountCodesProjection = defineProjection({
  name: discountCodesReadModel.name,
  version: 1,
  handlers: {
    DiscountCodeCreated: (event) => [
      { op: 'index', index: discountCodesReadModel.index, id: event.data.code, score: Date.parse(event.data.at) },
    ],
  },
});
