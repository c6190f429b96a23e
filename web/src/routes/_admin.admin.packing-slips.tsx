import { createFileRoute } from '@tanstack/react-router';
import { screenError } from '../components/ScreenError.tsx';
import { ProcessingPackingSlips } from '../features/orders/PackingSlips.tsx';
import { packingSlipsQuery } from '../features/orders/ordersQuery.ts';
import { adminLoader } from '../lib/routeData.ts';

export const Route = createFileRoute('/_admin/admin/packing-slips')({
  loader: adminLoader((queryClient) => queryClient.ensureQueryData(packingSlipsQuery)),
  component: ProcessingPackingSlips,
  errorComponent: screenError('Error Loading Packing Slips'),
});
