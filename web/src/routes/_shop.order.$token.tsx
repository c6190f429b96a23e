import { createFileRoute } from '@tanstack/react-router';
import { useSuspenseQuery } from '@tanstack/react-query';
import { screenError } from '../components/ScreenError.tsx';
import { useDocumentTitle } from '../components/useDocumentTitle.ts';
import { ExpiredLink, LinkNotFound } from '../features/orders/shop/LinkStates.tsx';
import { ShopperOrder } from '../features/orders/shop/ShopperOrder.tsx';
import { orderPageQuery } from '../features/orders/shop/orderPageQuery.ts';
import { ApiError } from '../lib/api.ts';

const loadError = screenError('Error Loading Your Order');

// The shopper's order page, by the signed link in their e-mails (decision 086): no account, the link is the proof.
export const Route = createFileRoute('/_shop/order/$token')({
  loader: ({ context: { queryClient }, params }) => queryClient.ensureQueryData(orderPageQuery(params.token)),
  component: function OrderPageRoute() {
    const { token } = Route.useParams();
    const { data } = useSuspenseQuery(orderPageQuery(token));
    useDocumentTitle(`Order ${data.orderNumber}`);
    return <ShopperOrder token={token} page={data} />;
  },
  errorComponent: function OrderPageError(props) {
    const { token } = Route.useParams();
    if (props.error instanceof ApiError && props.error.status === 410) return <ExpiredLink token={token} />;
    if (props.error instanceof ApiError && props.error.status === 404) return <LinkNotFound />;
    return loadError(props);
  },
});
