import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { screenError } from '../components/ScreenError.tsx';
import { ChosenPackingSlips, ProcessingPackingSlips } from '../features/orders/admin/PackingSlips.tsx';
import { chosenPackingSlipsQuery, packingSlipsQuery } from '../features/orders/admin/ordersQuery.ts';
import { adminData } from '../lib/routeData.ts';

/** `?ids=a,b,c`: the orders chosen on the fulfilment screen; anything odd is treated as absent (every processing order). */
const SlipsSearchSchema = v.object({
  ids: v.optional(
    v.pipe(
      v.unknown(),
      v.transform((value) => (typeof value === 'string' ? value.slice(0, 12_000) : undefined)),
    ),
  ),
});

const idsOf = (ids: string | undefined) => (ids ? ids.split(',').filter(Boolean) : []);

export const Route = createFileRoute('/_admin/admin/packing-slips')({
  validateSearch: SlipsSearchSchema,
  loaderDeps: ({ search }) => ({ ids: search.ids }),
  loader: ({ context: { queryClient }, location, deps }) => {
    const ids = idsOf(deps.ids);
    return adminData(
      queryClient,
      location.href,
      ids.length
        ? queryClient.ensureQueryData(chosenPackingSlipsQuery(ids))
        : queryClient.ensureQueryData(packingSlipsQuery),
    );
  },
  component: function Screen() {
    const ids = idsOf(Route.useSearch().ids);
    return ids.length ? <ChosenPackingSlips ids={ids} /> : <ProcessingPackingSlips />;
  },
  errorComponent: screenError('Error Loading Packing Slips'),
});
