// /admin opens the login screen (spec §2).
import { createFileRoute } from '@tanstack/react-router';
import { LoginScreen } from '../features/admin/LoginScreen.tsx';

export const Route = createFileRoute('/admin/')({ component: LoginScreen });
