import { createFileRoute } from '@tanstack/react-router';
import { screenError } from '../components/ScreenError.tsx';
import { discountCodesQuery } from '../features/discounts/admin/discountQueries.ts';
import { DiscountsScreen } from '../features/discounts/admin/DiscountsScreen.tsx';
import { adminLoader } from '../lib/routeData.ts';

export const Route = createFileRoute('/_admin/admin/discounts')({
  loader: adminLoader((queryClient) => queryClient.ensureQueryData(discountCodesQuery)),
  component: DiscountsScreen,
  errorComponent: screenError('Error Loading Discount Codes'),
});
