// "E-mail me when it is back": a shopper's explicit request to hear once that an out-of-stock book is back, its events
// and what the API answers (decision 091).
import * as v from 'valibot';
import { requestBody } from '../shared/http.ts';
import { contactEmail } from './model.ts';

export const restockTexts = {
  offer: 'E-mail me when it is back',
  intro:
    'This book is resting between printings. Leave your e-mail address and we will write once, as soon as it is back.',
  email: 'Please enter a valid email address.',
  consent: 'Please tick the box so we may e-mail you.',
  bookId: 'Book id must be a number',
  unknownBook: 'Book not found',
  inStock: 'Good news: this book is in stock now, so there is nothing to wait for.',
  requested: 'Thank you! A confirmation e-mail is on its way, and we will write again as soon as it is back.',
} as const;

/** The words the shopper ticks: recorded with the request, so what they agreed to is known later. */
export const restockWording = 'Yes, e-mail me once when this book is back in stock. I can unsubscribe at any time.';

/** POST /api/books/{id}/back-in-stock */
export const RestockRequestBodySchema = requestBody(
  {
    email: contactEmail,
    consent: v.literal(true, restockTexts.consent),
  },
  { email: restockTexts.email, consent: restockTexts.consent },
);
export type RestockRequestBody = v.InferOutput<typeof RestockRequestBodySchema>;

/** `unsubscribe`: the client path of the request's own unsubscribe link, shown to the shopper who made it. */
export type RestockRequestResponse = { success: true; message: string; unsubscribe: string };

/** How many shoppers wait for each book: the owner's stock screen shows it beside the book. */
export type RestockWaitingResponse = { waiting: Record<string, number> };
