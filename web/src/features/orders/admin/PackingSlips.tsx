// Packing slips: what goes in the box, one order to a printed page. On screen a bar above them offers "Print" and
// "Gift mode" (no prices, for a parcel that is a present); the print stylesheet leaves the bar out. An order the shopper
// marked as a gift prints in gift mode with its message, addressed to its recipient (decision 085). A parcel leaving the
// UK prints its customs declaration after the slip, on a page of its own (decision 098). "Download PDF" saves the same
// slips, in the gift mode shown, as a PDF file the server writes (decision 109).
import { adminTitle, useDocumentTitle } from '../../../components/useDocumentTitle.ts';
import { Button, Callout, Checkbox, Flex, Heading, Text } from '@radix-ui/themes';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useId, useState, type ReactNode } from 'react';
import { ordersApi } from '#contracts/orders/api.ts';
import { packingSlipOf } from '#contracts/orders/console.ts';
import { urlFor } from '../../../lib/api.ts';
import { PdfButton } from '../../../components/PdfButton.tsx';
import { PackingSlip } from './PackingSlip.tsx';
import { chosenPackingSlipsQuery, orderPageQuery, packingSlipsQuery } from './ordersQuery.ts';
import './packingSlip.css';

function SlipsFrame({
  title,
  back,
  children,
  gift,
  onGift,
  pdf,
}: {
  title: string;
  back: ReactNode;
  children: ReactNode;
  gift: boolean;
  onGift: (gift: boolean) => void;
  /** the address of the same slips as a PDF file */
  pdf: string;
}) {
  const giftId = useId();
  useDocumentTitle(adminTitle(title));
  return (
    <main className="packing-slips">
      <div className="packing-slips__bar">
        <Heading as="h1" size="5">
          {title}
        </Heading>
        <Flex gap="3" align="center" wrap="wrap">
          <Text as="label" htmlFor={giftId} size="2">
            <Flex gap="2" align="center">
              <Checkbox id={giftId} checked={gift} onCheckedChange={(checked) => onGift(checked === true)} />
              Gift mode (no prices)
            </Flex>
          </Text>
          <Button onClick={() => window.print()} highContrast>
            Print
          </Button>
          <PdfButton url={pdf} withSession>
            Download PDF
          </PdfButton>
          {back}
        </Flex>
      </div>
      {children}
    </main>
  );
}

/** One order's slip: /admin/orders/{id}/packing-slip. */
export function OrderPackingSlip({ orderId }: { orderId: string }) {
  // Fetched by the route's loader; a failure shows the route's error screen.
  const { data } = useSuspenseQuery(orderPageQuery(orderId));
  const slip = packingSlipOf(data.page, data.order.status, data.customs);
  const [gift, setGift] = useState(!!slip.gift);
  const back = (
    <Button asChild variant="soft" highContrast>
      <Link to="/admin/orders/$orderId" params={{ orderId }}>
        Back to Order
      </Link>
    </Button>
  );
  return (
    <SlipsFrame
      title={`Packing slip · Order #${data.page.orderNumber}`}
      back={back}
      gift={gift}
      onGift={setGift}
      pdf={urlFor(ordersApi.packingSlipPdf, { params: { id: orderId }, query: { gift: gift ? 'yes' : 'no' } })}
    >
      <PackingSlip slip={slip} gift={gift} />
    </SlipsFrame>
  );
}

/** Every order now processing, one to a page: /admin/packing-slips. */
export function ProcessingPackingSlips() {
  // Fetched by the route's loader; a failure shows the route's error screen.
  const { data } = useSuspenseQuery(packingSlipsQuery);
  const [gift, setGift] = useState(false);
  const back = (
    <Button asChild variant="soft" highContrast>
      <Link to="/admin/orders">All Orders</Link>
    </Button>
  );
  return (
    <SlipsFrame
      title="Packing slips · Processing orders"
      back={back}
      gift={gift}
      onGift={setGift}
      pdf={urlFor(ordersApi.packingSlipsPdf, { query: { gift: gift ? 'yes' : 'no' } })}
    >
      {data.slips.length === 0 && (
        <Text as="p" color="gray">
          No orders are processing.
        </Text>
      )}
      {data.more && (
        <Callout.Root color="amber" mb="3">
          <Callout.Text>
            Only the {data.slips.length} oldest processing orders are shown; print these, mark them shipped, then print
            the rest.
          </Callout.Text>
        </Callout.Root>
      )}
      {data.slips.map((slip) => (
        <PackingSlip key={slip.orderId} slip={slip} gift={gift || !!slip.gift} />
      ))}
    </SlipsFrame>
  );
}

/** The orders chosen on the fulfilment screen, one to a page: /admin/packing-slips?ids=a,b,c. */
export function ChosenPackingSlips({ ids }: { ids: readonly string[] }) {
  // Fetched by the route's loader; a failure shows the route's error screen.
  const { data } = useSuspenseQuery(chosenPackingSlipsQuery(ids));
  const [gift, setGift] = useState(false);
  const back = (
    <Button asChild variant="soft" highContrast>
      <Link to="/admin/orders/fulfil">Back to Fulfilment</Link>
    </Button>
  );
  return (
    <SlipsFrame
      title={`Packing slips · ${data.slips.length} chosen ${data.slips.length === 1 ? 'order' : 'orders'}`}
      back={back}
      gift={gift}
      onGift={setGift}
      pdf={urlFor(ordersApi.packingSlipsPdf, { query: { ids: ids.join(','), gift: gift ? 'yes' : 'no' } })}
    >
      {data.slips.length === 0 && (
        <Text as="p" color="gray">
          None of the chosen orders could be found.
        </Text>
      )}
      {data.slips.map((slip) => (
        <PackingSlip key={slip.orderId} slip={slip} gift={gift || !!slip.gift} />
      ))}
    </SlipsFrame>
  );
}
