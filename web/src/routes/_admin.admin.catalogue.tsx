import { createFileRoute } from '@tanstack/react-router';
import { screenError } from '../components/ScreenError.tsx';
import { catalogueQuery } from '../features/catalog/admin/catalogueQuery.ts';
import { CatalogueScreen } from '../features/catalog/admin/CatalogueScreen.tsx';
import { ComingTitleForm } from '../features/preorders/admin/ComingTitleForm.tsx';
import { PreOrderDemand } from '../features/preorders/admin/PreOrderDemand.tsx';
import { adminLoader } from '../lib/routeData.ts';

export const Route = createFileRoute('/_admin/admin/catalogue')({
  loader: adminLoader((queryClient) => queryClient.ensureQueryData(catalogueQuery)),
  component: () => (
    <CatalogueScreen>
      <ComingTitleForm />
      <PreOrderDemand />
    </CatalogueScreen>
  ),
  errorComponent: screenError('Error Loading the Catalogue'),
});
