import { createFileRoute } from '@tanstack/react-router';
import { LoginScreen } from '../features/admin/LoginScreen.tsx';

export const Route = createFileRoute('/admin/login')({ component: LoginScreen });
