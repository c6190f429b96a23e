// The e-mail a waiting pre-order gets when its title's publication date moves (decision 132): the new date, and a
// one-click cancel for a full refund. Both parts are written here, the text line by line as the tests read it.
import { shopContent } from '../../contracts/catalog/content.ts';
import { preOrderCancelTexts } from '../../contracts/preorders/cancel.ts';
import { ActionButton, ContactLine, Para, ShopMail, Signature, mailOf } from '../mail/layout.tsx';
import { longDay } from '../../contracts/shared/days.ts';

export type DateChangedLetter = {
  to: string;
  name: string;
  orderNumber: string;
  title: string;
  from: string;
  to_: string;
  cancelLink: string;
  orderPageLink: string;
};

export const dateChangedMail = {
  subject: (title: string, day: string) => `New publication date for ${title}: ${longDay(day)}`,
  heading: 'Your pre-order has a new date',
  said: (title: string, orderNumber: string, from: string, to: string) =>
    `${title}, which you pre-ordered with order ${orderNumber}, will now be published on ${longDay(to)} instead of ${longDay(from)}. We will dispatch your copy from then; there is nothing you need to do.`,
  cancel: 'If you would rather not wait, you can cancel your pre-order with one click, for a full refund:',
} as const;

export function dateChangedLetter(letter: DateChangedLetter) {
  const dear = `Dear ${letter.name},`;
  const said = dateChangedMail.said(letter.title, letter.orderNumber, letter.from, letter.to_);
  return mailOf(
    {
      to: letter.to,
      subject: dateChangedMail.subject(letter.title, letter.to_),
      text: [
        dear,
        '',
        said,
        '',
        dateChangedMail.cancel,
        `  ${letter.cancelLink}`,
        '',
        preOrderCancelTexts.right,
        '',
        'Your order page:',
        `  ${letter.orderPageLink}`,
        '',
        `If you have any questions, write to us at ${shopContent.shop.contactEmail}.`,
        '',
        'With warm wishes,',
        shopContent.shop.name,
      ].join('\n'),
    },
    <ShopMail preview={dateChangedMail.heading} heading={dateChangedMail.heading}>
      <Para>{dear}</Para>
      <Para>{said}</Para>
      <Para>{dateChangedMail.cancel}</Para>
      <ActionButton href={letter.cancelLink}>{preOrderCancelTexts.button}</ActionButton>
      <Para>{preOrderCancelTexts.right}</Para>
      <ActionButton href={letter.orderPageLink}>View your order</ActionButton>
      <ContactLine />
      <Signature />
    </ShopMail>,
  );
}
