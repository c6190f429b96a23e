// The shipping and payment dialog (spec §2, §4): "Shipping Information", then "Complete Your Purchase" with the
// purchase panel; it closes on payment success. "Buy Now" on a book opens it.
import { Button, Dialog } from '@radix-ui/themes';
import { useState } from 'react';
import { fixedBookPricePence } from '../../../../contracts/constants.ts';
import { destinationCode } from '../../../../contracts/shipping.ts';
import { PurchasePanel } from './PurchasePanel.tsx';
import { ShippingForm, type ShippingSubmission } from './ShippingForm.tsx';

export function BuyNow({ title }: { title: string }) {
  const [open, setOpen] = useState(false);
  const [shipping, setShipping] = useState<ShippingSubmission | null>(null);
  const close = () => setOpen(false);
  const openChange = (next: boolean) => {
    setOpen(next);
    if (!next) setShipping(null);
  };

  return (
    <Dialog.Root open={open} onOpenChange={openChange}>
      <Dialog.Trigger>
        <Button variant="outline" size="3" aria-label={`Buy ${title} now`}>
          Buy Now
        </Button>
      </Dialog.Trigger>
      <Dialog.Content maxWidth="520px">
        <Dialog.Title>{shipping ? 'Complete Your Purchase' : 'Shipping Information'}</Dialog.Title>
        <Dialog.Description size="2" color="gray" mb="4">
          {shipping ? 'Check your order, then pay on the secure checkout page.' : `Where should we send ${title}?`}
        </Dialog.Description>
        {shipping ? (
          <PurchasePanel
            amount={(fixedBookPricePence * shipping.quantity) / 100}
            productTitle={title}
            customerEmail={shipping.email}
            customerName={shipping.name}
            quantity={shipping.quantity}
            shippingPence={shipping.shippingCost}
            {...(destinationCode(shipping.country) ? { country: destinationCode(shipping.country)! } : {})}
            onSuccess={close}
            onCancel={() => openChange(false)}
          />
        ) : (
          <ShippingForm onSubmit={setShipping} />
        )}
      </Dialog.Content>
    </Dialog.Root>
  );
}
