// The "Buy Now" dialog (see BuyNow.tsx): "Shipping Information", then "Complete Your Purchase" with the purchase
// panel; it closes on payment success. The steps load when the dialog first opens.
import { Dialog, Flex, Spinner } from '@radix-ui/themes';
import { lazy, Suspense, useState } from 'react';
import type { DialogControl } from '../../../components/lazyDialog.tsx';
import { DialogCloseButton } from '../../../components/DialogCloseButton.tsx';
import type { ShippingSubmission } from './ShippingForm.tsx';

const ShippingSteps = lazy(() => import('./ShippingSteps.tsx'));

export function BuyNowDialog({ title, open, onOpenChange, onCloseAutoFocus }: { title: string } & DialogControl) {
  const [shipping, setShipping] = useState<ShippingSubmission | null>(null);
  const openChange = (next: boolean) => {
    onOpenChange(next);
    if (!next) setShipping(null);
  };

  return (
    <Dialog.Root open={open} onOpenChange={openChange}>
      <Dialog.Content maxWidth="520px" onCloseAutoFocus={onCloseAutoFocus}>
        <Flex justify="between" align="start" gap="3">
          <Dialog.Title>{shipping ? 'Complete Your Purchase' : 'Shipping Information'}</Dialog.Title>
          <DialogCloseButton label="Close" />
        </Flex>
        <Dialog.Description size="2" color="gray" mb="4">
          {shipping ? 'Check your order, then pay on the secure checkout page.' : `Where should we send ${title}?`}
        </Dialog.Description>
        <Suspense
          fallback={
            <Flex justify="center" p="5">
              <Spinner size="3" />
            </Flex>
          }
        >
          <ShippingSteps title={title} shipping={shipping} onShipping={setShipping} onClose={() => openChange(false)} />
        </Suspense>
      </Dialog.Content>
    </Dialog.Root>
  );
}
