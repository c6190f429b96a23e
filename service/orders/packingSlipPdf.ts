// Packing slips as a PDF file (decision 109), written on the server with the shop's PDF writer from the same slip the
// page shows: the shop, "Packing Slip", the order and its date, who it ships to, a gift's message, the items with their
// prices and the total paid (none in gift mode), the closing words; one order to a page. A parcel leaving the UK has
// its customs declaration (CN22, or CN23 wording above £270) on a page of its own after its slip, as the page prints it
// apart (decision 098): the declaration goes outside the parcel, with its values, the slip inside.
import { isoCountryName } from '../../contracts/catalog/customs.ts';
import { shopContent } from '../../contracts/catalog/content.ts';
import type { PackingSlip } from '../../contracts/orders/console.ts';
import { formatGrams, type CustomsDeclaration } from '../../contracts/orders/customs.ts';
import { packingSlipContent } from '../../contracts/orders/fulfilment.ts';
import { formatPence } from '../../contracts/shared/money.ts';
import { PdfWriter, type Column } from '../documents/pdf.ts';
import { lazily } from '../../contracts/shared/lazily.ts';

/** The slip's date as the page writes it ("7 December 2026"), on the UK's calendar whatever the server's zone. */
const slipDate = lazily(() => new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'Europe/London' }));
const countryOf = (code: string) => `${isoCountryName(code)} (${code})`;

function slip(pdf: PdfWriter, slip: PackingSlip, gift: boolean) {
  pdf.paragraph(shopContent.shop.name, 'bold');
  pdf.heading(packingSlipContent.title);
  pdf.facts([
    ['Order', slip.orderNumber],
    ['Date', slipDate().format(new Date(slip.orderDate))],
  ]);
  pdf.block([slip.customerName, ...slip.addressLines], 'Ship to');
  if (slip.gift?.message) pdf.block([slip.gift.message], 'Gift message');
  const columns: Column[] = [
    { header: 'Item', width: 6 },
    { header: 'Quantity', width: 1.6, align: 'right' },
    ...(gift
      ? []
      : ([
          { header: 'Price', width: 1.8, align: 'right' },
          { header: 'Total', width: 1.8, align: 'right' },
        ] satisfies Column[])),
  ];
  const rows = slip.items.map((item) => [
    item.note ? `${item.name} (${item.note})` : item.name,
    String(item.quantity),
    ...(gift ? [] : [formatPence(item.price), formatPence(item.price * item.quantity)]),
  ]);
  if (gift) pdf.table(columns, rows);
  else
    pdf.table(
      columns,
      [...rows, ['Shipping', '', '', formatPence(slip.shippingCost)], ['Total paid', '', '', formatPence(slip.total)]],
      { boldFrom: rows.length },
    );
  pdf.paragraph(gift ? packingSlipContent.giftNote : packingSlipContent.thankYou);
  pdf.paragraph(packingSlipContent.questions.replace('{email}', shopContent.shop.contactEmail));
}

function customs(pdf: PdfWriter, customs: CustomsDeclaration, orderNumber: string) {
  const words = packingSlipContent.customs;
  pdf.heading(`${words.title} ${customs.form}`);
  pdf.paragraph(customs.form === 'CN23' ? words.cn23 : words.cn22);
  pdf.facts([
    ['Order', orderNumber],
    ['Destination', countryOf(customs.destination)],
    ['Category of item', customs.contentType],
  ]);
  const columns: Column[] = [
    { header: 'Description of contents', width: 4 },
    { header: 'Quantity', width: 1.5, align: 'right' },
    { header: 'Net weight', width: 1.7, align: 'right' },
    { header: 'Value', width: 2.2, align: 'right' },
    { header: 'HS tariff number', width: 2 },
    { header: 'Country of origin', width: 2.4 },
  ];
  const rows = customs.lines.map((line) => [
    `${line.description}\n${line.name}`,
    String(line.quantity),
    formatGrams(line.weightGrams),
    formatPence(line.value),
    line.hsCode,
    countryOf(line.origin),
  ]);
  pdf.table(
    columns,
    [
      ...rows,
      [
        'Total',
        String(customs.totalQuantity),
        formatGrams(customs.totalWeightGrams),
        `${formatPence(customs.totalValue)} ${customs.currency}`,
        '',
        '',
      ],
    ],
    { boldFrom: rows.length },
  );
}

/** The slips, one order to a page, each followed by its customs declaration on a page of its own when it has one. */
export function packingSlipsPdf(
  slips: readonly { slip: PackingSlip; gift: boolean }[],
  title: string,
  createdAt: Date,
): Promise<Buffer> {
  const pdf = new PdfWriter({ title, createdAt });
  if (slips.length === 0) pdf.paragraph('No orders are processing.');
  slips.forEach((entry, i) => {
    if (i > 0) pdf.newPage();
    slip(pdf, entry.slip, entry.gift);
    if (entry.slip.customs) {
      pdf.newPage();
      customs(pdf, entry.slip.customs, entry.slip.orderNumber);
    }
  });
  return pdf.finish();
}
