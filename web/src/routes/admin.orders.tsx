import { createFileRoute } from '@tanstack/react-router';
import { RequireAdmin } from '../features/admin/session.tsx';
import { OrdersConsole } from '../features/orders/OrdersConsole.tsx';

export const Route = createFileRoute('/admin/orders')({
  component: () => (
    <RequireAdmin>
      <OrdersConsole />
    </RequireAdmin>
  ),
});
