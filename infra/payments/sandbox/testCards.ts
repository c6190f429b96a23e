// The card numbers Stripe documents for test mode (https://docs.stripe.com/testing), with the answers Stripe gives.
import type { SandboxCard } from '../../../contracts/checkout/sandboxPayments.ts';
import { CardDeclined } from '../../../contracts/ports/payments.ts';

const succeeding = new Set([
  '4242424242424242', // Visa
  '4000056655665556', // Visa (debit)
  '5555555555554444', // Mastercard
  '2223003122003222', // Mastercard (2-series)
  '5200828282828210', // Mastercard (debit)
  '378282246310005', // American Express
  '371449635398431', // American Express
  '6011111111111117', // Discover
  '3566002020360505', // JCB
  '4000000000005126', // Visa: the payment succeeds, a refund of it fails
  '4000000000008807', // the sandbox's own (processingCard): the payment is accepted and stays processing
]);

/**
 * The sandbox's own test card for a payment that settles later (decision 105): the payment is accepted but stays
 * `processing`, as a bank debit or pay-by-bank payment does at Stripe for days, so the shop holds the copies and tells
 * the shopper "payment processing". Stripe has no such card (its delayed methods are not cards); this number passes the
 * Luhn check and is on no list of Stripe's.
 */
export const processingCard = '4000000000008807';

/** Whether a payment with this card is left processing. */
export const processingFor = (card: SandboxCard) => card.number.replace(/\s+/g, '') === processingCard;

/** Stripe's test card whose payments succeed and whose refunds fail. */
export const refundFailingCard = '4000000000005126';

/** Whether refunds of a payment made with this card fail. */
export const refundsDeclinedFor = (card: SandboxCard) => card.number.replace(/\s+/g, '') === refundFailingCard;

const declining: Record<string, { code: string; message: string }> = {
  '4000000000000002': { code: 'card_declined', message: 'Your card was declined.' },
  '4000000000009995': { code: 'insufficient_funds', message: 'Your card has insufficient funds.' },
  '4000000000009987': { code: 'lost_card', message: 'Your card was declined.' },
  '4000000000009979': { code: 'stolen_card', message: 'Your card was declined.' },
  '4000000000000069': { code: 'expired_card', message: 'Your card has expired.' },
  '4000000000000127': { code: 'incorrect_cvc', message: "Your card's security code is incorrect." },
  '4000000000000119': {
    code: 'processing_error',
    message: 'An error occurred while processing your card. Try again in a little bit.',
  },
};

function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** Throws CardDeclined unless the card is one of the succeeding test cards, unexpired, with a CVC of the right length. */
export function chargeTestCard(card: SandboxCard, now: Date): void {
  const number = card.number;
  if (!passesLuhn(number)) throw new CardDeclined('Your card number is incorrect.', 'incorrect_number');
  const [month, year] = card.expiry.split('/').map((part) => Number(part.trim()));
  const expiresAfter = new Date(Date.UTC(2000 + year!, month, 1)); // first day of the month after expiry
  if (expiresAfter.getTime() <= now.getTime())
    throw new CardDeclined("Your card's expiration date is in the past.", 'invalid_expiry_year');
  const amex = number.startsWith('34') || number.startsWith('37');
  if (card.cvc.length !== (amex ? 4 : 3))
    throw new CardDeclined("Your card's security code is incomplete.", 'incomplete_cvc');
  const decline = declining[number];
  if (decline) throw new CardDeclined(decline.message, decline.code);
  if (!succeeding.has(number)) {
    throw new CardDeclined(
      'Your card was declined. Your request was in test mode, but used a non test (live) card. For a list of valid test cards, visit: https://stripe.com/docs/testing.',
      'card_declined',
    );
  }
}
