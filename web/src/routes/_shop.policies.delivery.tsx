// /policies/delivery: one of the shop's policy pages (decision 089).
import { createFileRoute } from '@tanstack/react-router';
import { PolicyScreen } from '../shell/PolicyScreen.tsx';

export const Route = createFileRoute('/_shop/policies/delivery')({
  component: () => <PolicyScreen slug="delivery" />,
});
