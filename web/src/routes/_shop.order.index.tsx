import { createFileRoute } from '@tanstack/react-router';
import { FindOrder } from '../features/orders/shop/LinkStates.tsx';

// The order lookup form (decision 086): a link to the order's page is e-mailed to the order's own address.
export const Route = createFileRoute('/_shop/order/')({
  component: FindOrder,
});
