import { createFileRoute } from '@tanstack/react-router';
import { useSuspenseQuery } from '@tanstack/react-query';
import { AdminLink } from '../components/AdminPage.tsx';
import { screenError } from '../components/ScreenError.tsx';
import { adminTitle, useDocumentTitle } from '../components/useDocumentTitle.ts';
import { ReceiptScreen } from '../features/receipts/Receipt.tsx';
import { adminReceiptQuery } from '../features/receipts/receiptQuery.ts';
import { ApiError } from '../lib/api.ts';
import { adminLoader } from '../lib/routeData.ts';

export const Route = createFileRoute('/_admin/admin/orders_/$orderId_/receipt')({
  loader: adminLoader<{ orderId: string }>((queryClient, { orderId }) =>
    queryClient.ensureQueryData(adminReceiptQuery(orderId)),
  ),
  component: function OrderReceiptRoute() {
    const { orderId } = Route.useParams();
    const { data } = useSuspenseQuery(adminReceiptQuery(orderId));
    useDocumentTitle(adminTitle(`Receipt ${data.receiptNumber}`));
    return (
      <ReceiptScreen
        receipt={data}
        back={
          <AdminLink to="/admin/orders/$orderId" params={{ orderId }}>
            Back to the order
          </AdminLink>
        }
      />
    );
  },
  errorComponent: screenError((error) =>
    error instanceof ApiError && error.status === 404 ? 'No Receipt Yet' : 'Error Loading Receipt',
  ),
});
