import { createFileRoute, Link } from '@tanstack/react-router';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Button } from '@radix-ui/themes';
import { screenError } from '../components/ScreenError.tsx';
import { ReceiptScreen } from '../features/receipts/Receipt.tsx';
import { buyerReceiptQuery } from '../features/receipts/receiptQuery.ts';
import { ApiError } from '../lib/api.ts';

// The buyer's copy, by the signed link in the confirmation e-mail: no account, no shop header or footer around it.
export const Route = createFileRoute('/receipt/$token')({
  loader: ({ context: { queryClient }, params }) => queryClient.ensureQueryData(buyerReceiptQuery(params.token)),
  component: function BuyerReceiptRoute() {
    const { token } = Route.useParams();
    const { data } = useSuspenseQuery(buyerReceiptQuery(token));
    return (
      <ReceiptScreen
        receipt={data}
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
