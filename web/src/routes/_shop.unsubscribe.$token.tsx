// /unsubscribe/{token}: the signed link in the shop's e-mails, inside the shop's frame; no sign-in.
import { createFileRoute } from '@tanstack/react-router';
import { Unsubscribe } from '../features/messages/shop/Unsubscribe.tsx';

export const Route = createFileRoute('/_shop/unsubscribe/$token')({
  component: function Screen() {
    const { token } = Route.useParams();
    return <Unsubscribe token={token} />;
  },
});
