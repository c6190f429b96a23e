// While the shop takes test payments (the sandbox, or Stripe with a test key) every page says so. A small fixed label
// in a corner: it takes no room in the page, so nothing moves when it appears.
import { useQuery } from '@tanstack/react-query';
import { testModeNotice } from '../../../contracts/testMode.ts';
import { paymentsConfigQuery } from '../features/checkout/payments.ts';

export function SiteTestModeNotice() {
  const testMode = useQuery(paymentsConfigQuery).data?.testMode;
  if (!testMode) return null;
  return (
    <p className="site-test-mode" role="note" data-testid="site-test-mode">
      {testModeNotice}
    </p>
  );
}
