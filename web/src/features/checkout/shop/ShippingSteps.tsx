// The two steps inside the "Buy Now" dialog: the shipping form, then the purchase panel for what it priced.
import { fixedBookPricePence } from '#contracts/shared/constants.ts';
import { useQuery } from '@tanstack/react-query';
import { shippingRatesQuery } from './shipping.ts';
import { PurchasePanel } from './PurchasePanel.tsx';
import { ShippingForm, type ShippingSubmission } from './ShippingForm.tsx';

type Props = {
  title: string;
  shipping: ShippingSubmission | null;
  onShipping: (details: ShippingSubmission) => void;
  onClose: () => void;
};

export default function ShippingSteps({ title, shipping, onShipping, onClose }: Props) {
  const destinations = useQuery(shippingRatesQuery).data?.destinations;
  if (!shipping) return <ShippingForm onSubmit={onShipping} />;
  const country = destinations?.find((d) => d.name === shipping.country)?.code;
  return (
    <PurchasePanel
      amount={(fixedBookPricePence * shipping.quantity) / 100}
      productTitle={title}
      customerEmail={shipping.email}
      customerName={shipping.name}
      quantity={shipping.quantity}
      shippingPence={shipping.shippingCost}
      {...(country ? { country } : {})}
      onSuccess={onClose}
      onCancel={onClose}
    />
  );
}
