// /preorder-cancel/{token}: the one-click cancel of a pre-order, by the signed link in its e-mail; no sign-in.
import { createFileRoute } from '@tanstack/react-router';
import { PreOrderCancel } from '../features/preorders/shop/PreOrderCancel.tsx';

export const Route = createFileRoute('/_shop/preorder-cancel/$token')({
  component: function Screen() {
    const { token } = Route.useParams();
    return <PreOrderCancel token={token} />;
  },
});
