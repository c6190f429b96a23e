// "Buy Now" on a book opens the shipping and payment dialog (spec §2, §4): "Shipping Information", then "Complete
// Your Purchase" with the purchase panel; it closes on payment success. The steps load when the dialog first opens,
// so the landing page carries only this button.
import { Button, Dialog, Flex, IconButton, Spinner } from '@radix-ui/themes';
import { lazy, Suspense, useState } from 'react';
import type { ShippingSubmission } from './ShippingForm.tsx';

const ShippingSteps = lazy(() => import('./ShippingSteps.tsx'));

export function BuyNow({ title }: { title: string }) {
  const [open, setOpen] = useState(false);
  const [shipping, setShipping] = useState<ShippingSubmission | null>(null);
  const openChange = (next: boolean) => {
    setOpen(next);
    if (!next) setShipping(null);
  };

  return (
    <Dialog.Root open={open} onOpenChange={openChange}>
      <Dialog.Trigger>
        <Button variant="outline" size="3" aria-label={`Buy Now: ${title}`} style={{ width: '100%' }}>
          Buy Now
        </Button>
      </Dialog.Trigger>
      <Dialog.Content maxWidth="520px">
        <Flex justify="between" align="start" gap="3">
          <Dialog.Title>{shipping ? 'Complete Your Purchase' : 'Shipping Information'}</Dialog.Title>
          <Dialog.Close>
            <IconButton variant="ghost" color="gray" aria-label="Close">
              <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true">
                <path d="M18 6 6 18M6 6l12 12" />
              </svg>
            </IconButton>
          </Dialog.Close>
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
