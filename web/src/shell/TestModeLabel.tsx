// The site-wide test-mode label, shown while the payments configuration says the shop takes test payments.
import { useQuery } from '@tanstack/react-query';
import { SiteTestModeNotice } from '../components/SiteTestModeNotice.tsx';
import { paymentsConfigQuery } from '../features/checkout/shop/payments.ts';

export function TestModeLabel() {
  const testMode = useQuery(paymentsConfigQuery).data?.testMode ?? false;
  return <SiteTestModeNotice testMode={testMode} />;
}
