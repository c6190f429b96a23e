// Stream names are `category-id`; the category never holds a dash, so it can be derived from a name.
export const streamCategories = ['book', 'review', 'checkout', 'order', 'notification', 'admin'] as const;
export type StreamCategory = (typeof streamCategories)[number];

const stream = (category: StreamCategory) => (id: string | number) => `${category}-${id}`;

export const bookStream = stream('book');
export const reviewStream = stream('review');
export const checkoutStream = stream('checkout');
export const orderStream = stream('order');
export const notificationStream = stream('notification');
export const adminStream = stream('admin');

export function categoryOf(streamName: string): string {
  const dash = streamName.indexOf('-');
  return dash === -1 ? streamName : streamName.slice(0, dash);
}

export function idOf(streamName: string): string {
  const dash = streamName.indexOf('-');
  return dash === -1 ? '' : streamName.slice(dash + 1);
}
