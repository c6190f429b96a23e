// Read model: each coming title's season as the pre-order decider folds it (decision 120), with the counts the owner
// sizes the print run by: copies pre-ordered per UK day they were placed, and in total those not cancelled.
import { preOrderEventTypes } from '../../contracts/preorders/events.ts';
import { preOrdersReadModel } from '../../contracts/preorders/readModel.ts';
import { emptyComingTitle, evolveComingTitle, type ComingTitleState } from '../../contracts/preorders/title.ts';
import { defineProjection, each } from '../engine/projection.ts';

export { listPreOrderTitles, preOrdersOf, preOrdersReadModel } from '../../contracts/preorders/readModel.ts';

const { collection, titlesIndex } = preOrdersReadModel;

export const preOrdersProjection = defineProjection({
  name: preOrdersReadModel.name,
  version: 1,
  handlers: {
    ...each(preOrderEventTypes, async (event, view) => {
      const id = String(event.data.bookId);
      const state = (await view.get<ComingTitleState>(collection, id)) ?? emptyComingTitle();
      const next = evolveComingTitle(state, event);
      return [
        { op: 'put', collection, id, doc: next },
        { op: 'index', index: titlesIndex, id, score: event.data.bookId },
      ];
    }),
  },
});
