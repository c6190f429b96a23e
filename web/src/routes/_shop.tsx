// The shop's frame (header, screen, footer) around the screens a shopper lands on after paying or not paying.
import { createFileRoute, Outlet } from '@tanstack/react-router';
import { ShopFrame } from '../shell/ShopFrame.tsx';

export const Route = createFileRoute('/_shop')({
  component: () => (
    <ShopFrame>
      <Outlet />
    </ShopFrame>
  ),
});
