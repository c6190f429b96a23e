// The client's route table: the server serves the app shell for exactly these paths.
export const clientRoutes = {
  home: ['/', '/app'],
  /** a book's own page; the server answers 404 (and the app its not-found screen) for a slug no published book has */
  book: ['/books/:slug'],
  adminLogin: ['/admin/login', '/admin-login', '/admin'],
  adminDashboard: ['/admin/dashboard', '/admin-dashboard'],
  adminOrders: ['/admin/orders'],
  adminFulfil: ['/admin/orders/fulfil'],
  adminOrder: ['/admin/orders/:orderId'],
  adminPackingSlip: ['/admin/orders/:orderId/packing-slip'],
  adminPackingSlips: ['/admin/packing-slips'],
  adminReceipt: ['/admin/orders/:orderId/receipt'],
  adminSales: ['/admin/sales'],
  adminLedger: ['/admin/ledger'],
  adminStock: ['/admin/stock'],
  adminVat: ['/admin/vat'],
  adminShipping: ['/admin/shipping'],
  adminCatalogue: ['/admin/catalogue'],
  adminDiscounts: ['/admin/discounts'],
  adminDiscount: ['/admin/discounts/:code'],
  adminAudit: ['/admin/audit'],
  adminAccounts: ['/admin/accounts'],
  adminPrivacy: ['/admin/privacy'],
  adminMessages: ['/admin/messages'],
  checkoutSuccess: ['/checkout-success'],
  paymentSuccess: ['/payment-success', '/payment/success'],
  paymentCancelled: ['/payment-cancelled', '/payment/cancelled'],
  customCheckout: ['/custom-checkout'],
  walletCheckout: ['/apple-pay-checkout'],
  orderSuccess: ['/order-success'],
  receipt: ['/receipt/:token'],
  unsubscribe: ['/unsubscribe/:token'],
  /** the shopper's order page, by the signed link in their e-mails; and the form that e-mails a fresh link */
  orderPage: ['/order/:token'],
  orderLookup: ['/order'],
  /** the one-click cancel of a pre-order, by the signed link in the e-mail that tells of a new date (decision 132) */
  preOrderCancel: ['/preorder-cancel/:token'],
  sandboxCheckout: ['/sandbox/checkout'],
  /** the pages a UK online shop must show (decision 089): contracts/content/policies.ts */
  policies: [
    '/policies/delivery',
    '/policies/returns',
    '/policies/privacy',
    '/policies/terms',
    '/policies/our-details',
  ],
} as const;

/** Whether `pathname` is the landing page (it answers at more than one address). */
export const isHomePath = (pathname: string): boolean => (clientRoutes.home as readonly string[]).includes(pathname);

/** Whether `pathname` is one of the owner's pages (the login page included): they are served without the splash. */
export const isAdminPath = (pathname: string): boolean =>
  pathname === '/admin' ||
  pathname.startsWith('/admin/') ||
  [...clientRoutes.adminLogin, ...clientRoutes.adminDashboard].includes(pathname as never);

export const clientPaths: readonly string[] = Object.values(clientRoutes).flat();

/** A client path as a matcher: `:name` stands for one segment (an order id), matched as the router matches it. */
const clientPathPatterns: ReadonlyArray<{ path: string; pattern: RegExp }> = clientPaths
  .filter((path) => path.includes('/:'))
  .map((path) => ({ path, pattern: new RegExp(`^${path.replace(/\/:[A-Za-z]+/g, '/[^/]+')}$`) }));

/** Whether the server answers `pathname` with the app (200) rather than its not-found screen (404). */
export const isClientPath = (pathname: string, exact: ReadonlySet<string> = exactClientPaths): boolean =>
  exact.has(pathname) || clientPathPatterns.some(({ pattern }) => pattern.test(pathname));

/**
 * The client route `pathname` is an address of, by its pattern (`/order/:token`) where it has a parameter: what a log
 * may name, since the parameter can be a signed link that opens a shopper's order.
 */
export const clientRouteOf = (pathname: string): string | undefined =>
  clientPathPatterns.find(({ pattern }) => pattern.test(pathname))?.path;

const exactClientPaths: ReadonlySet<string> = new Set(clientPaths.filter((path) => !path.includes('/:')));
