import { createFileRoute } from '@tanstack/react-router';
import { LoginScreen } from '../features/admin/admin/LoginScreen.tsx';
import { LoginSearchSchema } from '../features/admin/admin/loginSearch.ts';

export const Route = createFileRoute('/admin/login')({ validateSearch: LoginSearchSchema, component: LoginScreen });
