// Said plainly wherever the sandbox takes a card: nothing real is charged.
import { Callout } from '@radix-ui/themes';
import { testModeNotice } from '#contracts/checkout/model.ts';
import { useOwnTestModeNotice } from '../../../components/SiteTestModeNotice.tsx';

export function TestModeNotice() {
  useOwnTestModeNotice();
  return (
    <Callout.Root color="amber" size="1" data-testid="test-mode">
      <Callout.Text weight="medium">{testModeNotice}</Callout.Text>
    </Callout.Root>
  );
}
