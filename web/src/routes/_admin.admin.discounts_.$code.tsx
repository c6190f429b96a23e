import { createFileRoute } from '@tanstack/react-router';
import { screenError } from '../components/ScreenError.tsx';
import { discountCodeQuery } from '../features/discounts/admin/discountQueries.ts';
import { DiscountCodeScreen } from '../features/discounts/admin/DiscountCodeScreen.tsx';
import { ApiError } from '../lib/api.ts';
import { adminParamLoader } from '../lib/routeData.ts';

export const Route = createFileRoute('/_admin/admin/discounts_/$code')({
  loader: adminParamLoader('code', (queryClient, code) => queryClient.ensureQueryData(discountCodeQuery(code))),
  component: function DiscountCodeRoute() {
    const { code } = Route.useParams();
    return <DiscountCodeScreen code={code} />;
  },
  errorComponent: screenError((error) =>
    error instanceof ApiError && error.status === 404 ? 'Discount Code Not Found' : 'Error Loading Discount Code',
  ),
});
