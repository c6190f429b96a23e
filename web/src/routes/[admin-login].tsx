// /admin-login, the spelling the orders page logs out to: the same login screen. The brackets keep the
// generated route name apart from /admin/login's.
import { createFileRoute } from '@tanstack/react-router';
import { LoginScreen } from '../features/admin/LoginScreen.tsx';

export const Route = createFileRoute('/admin-login')({ component: LoginScreen });
