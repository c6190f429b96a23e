import { createFileRoute } from '@tanstack/react-router';
import { ProcessingPackingSlips } from '../features/orders/PackingSlips.tsx';
import { packingSlipsQuery } from '../features/orders/ordersQuery.ts';
import { loadForScreen } from '../lib/routeData.ts';

export const Route = createFileRoute('/_admin/admin/packing-slips')({
  loader: ({ context: { queryClient, signedIn } }) =>
    signedIn && loadForScreen(queryClient.ensureQueryData(packingSlipsQuery)),
  component: ProcessingPackingSlips,
});
