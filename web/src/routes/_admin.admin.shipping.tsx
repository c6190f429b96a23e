import { createFileRoute } from '@tanstack/react-router';
import { screenError } from '../components/ScreenError.tsx';
import { adminShippingQuery } from '../features/checkout/admin/shippingQuery.ts';
import { ShippingScreen } from '../features/checkout/admin/ShippingScreen.tsx';
import { adminLoader } from '../lib/routeData.ts';

export const Route = createFileRoute('/_admin/admin/shipping')({
  loader: adminLoader((queryClient) => queryClient.ensureQueryData(adminShippingQuery)),
  component: ShippingScreen,
  errorComponent: screenError('Error Loading Delivery Rates'),
});
