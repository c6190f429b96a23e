import { createFileRoute } from '@tanstack/react-router';
import { screenError } from '../components/ScreenError.tsx';
import { vatSettingsQuery } from '../features/vat/admin/vatSettingsQuery.ts';
import { VatScreen } from '../features/vat/admin/VatScreen.tsx';
import { adminLoader } from '../lib/routeData.ts';

export const Route = createFileRoute('/_admin/admin/vat')({
  loader: adminLoader((queryClient) => queryClient.ensureQueryData(vatSettingsQuery)),
  component: VatScreen,
  errorComponent: screenError('Error Loading VAT Settings'),
});
