// /admin-login, the spelling the orders page logs out to: the same login screen, at the address the link wrote. The
// brackets keep the generated route name apart from /admin/login's.
import { createFileRoute } from '@tanstack/react-router';
import { LoginScreen } from '../features/admin/LoginScreen.tsx';
import { LoginSearchSchema } from '../features/admin/loginSearch.ts';

export const Route = createFileRoute('/admin-login')({ validateSearch: LoginSearchSchema, component: LoginScreen });
