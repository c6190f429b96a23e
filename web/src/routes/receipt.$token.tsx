import { createFileRoute, Link } from '@tanstack/react-router';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Button } from '@radix-ui/themes';
import { invoiceMessages } from '#contracts/receipts/invoice.ts';
import { screenError } from '../components/ScreenError.tsx';
import { ReceiptScreen } from '../features/receipts/Receipt.tsx';
import { buyerReceiptFiles, buyerReceiptQuery } from '../features/receipts/receiptQuery.ts';
import { ReceiptSearchSchema } from '../features/receipts/receiptSearch.ts';
import { ApiError } from '../lib/api.ts';

// The buyer's copy, by the signed link in the confirmation e-mail: no account, no shop header or footer around it.
// `?invoice=full` shows the full VAT invoice with their name and address, which they may ask for at any time.
export const Route = createFileRoute('/receipt/$token')({
  validateSearch: ReceiptSearchSchema,
  loaderDeps: ({ search }) => ({ full: search.invoice === 'full' }),
  loader: ({ context: { queryClient }, params, deps }) =>
    queryClient.ensureQueryData(buyerReceiptQuery(params.token, deps.full)),
  component: function BuyerReceiptRoute() {
    const { token } = Route.useParams();
    const full = Route.useSearch().invoice === 'full';
    const { data } = useSuspenseQuery(buyerReceiptQuery(token, full));
    return (
      <ReceiptScreen
        receipt={data}
        files={buyerReceiptFiles(token, full)}
        fullInvoice={
          <Button asChild variant="outline">
            <Link to="/receipt/$token" params={{ token }} search={{ invoice: 'full' }}>
              {invoiceMessages.fullInvoiceAsk}
            </Link>
          </Button>
        }
        back={
          <Button asChild variant="soft">
            <Link to="/">Return to Home</Link>
          </Button>
        }
      />
    );
  },
  errorComponent: screenError((error) =>
    error instanceof ApiError && error.status === 404 ? 'Receipt Not Found' : 'Error Loading Receipt',
  ),
});
