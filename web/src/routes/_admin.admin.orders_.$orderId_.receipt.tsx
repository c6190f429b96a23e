import { createFileRoute } from '@tanstack/react-router';
import { useSuspenseQuery } from '@tanstack/react-query';
import { AdminLink } from '../components/AdminPage.tsx';
import { screenError } from '../components/ScreenError.tsx';
import { adminTitle, useDocumentTitle } from '../components/useDocumentTitle.ts';
import { ReceiptScreen } from '../features/receipts/Receipt.tsx';
import { adminReceiptFiles, adminReceiptQuery } from '../features/receipts/receiptQuery.ts';
import { ReceiptSearchSchema } from '../features/receipts/receiptSearch.ts';
import { ApiError, serverMessage } from '../lib/api.ts';
import { receiptMessages } from '#contracts/receipts/model.ts';
import { adminParamLoader } from '../lib/routeData.ts';

// `?invoice=full` shows the full VAT invoice a customer asked for: it names them, so opening it is a recorded read.
export const Route = createFileRoute('/_admin/admin/orders_/$orderId_/receipt')({
  validateSearch: ReceiptSearchSchema,
  loaderDeps: ({ search }) => ({ full: search.invoice === 'full' }),
  loader: (context) =>
    adminParamLoader('orderId', (queryClient, orderId) =>
      queryClient.ensureQueryData(adminReceiptQuery(orderId, context.deps.full)),
    )(context),
  component: function OrderReceiptRoute() {
    const { orderId } = Route.useParams();
    const full = Route.useSearch().invoice === 'full';
    const { data } = useSuspenseQuery(adminReceiptQuery(orderId, full));
    useDocumentTitle(adminTitle(`${data.title} ${data.receiptNumber}`));
    return (
      <ReceiptScreen
        receipt={data}
        files={adminReceiptFiles(orderId, full)}
        fullInvoice={
          <AdminLink to="/admin/orders/$orderId/receipt" params={{ orderId }} search={{ invoice: 'full' }}>
            Full VAT invoice
          </AdminLink>
        }
        back={
          <AdminLink to="/admin/orders/$orderId" params={{ orderId }}>
            Back to the order
          </AdminLink>
        }
      />
    );
  },
  // An order sold before numbering began will never have a receipt: "No Receipt", not "No Receipt Yet".
  errorComponent: screenError((error) =>
    error instanceof ApiError && error.status === 404
      ? serverMessage(error) === receiptMessages.beforeNumbering
        ? receiptMessages.noReceipt
        : 'No Receipt Yet'
      : 'Error Loading Receipt',
  ),
});
