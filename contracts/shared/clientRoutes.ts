// The client's route table: the server serves the app shell for exactly these paths.
export const clientRoutes = {
  home: ['/', '/app'],
  adminLogin: ['/admin/login', '/admin-login', '/admin'],
  adminDashboard: ['/admin/dashboard', '/admin-dashboard'],
  adminOrders: ['/admin/orders'],
  checkoutSuccess: ['/checkout-success'],
  paymentSuccess: ['/payment-success', '/payment/success'],
  paymentCancelled: ['/payment-cancelled', '/payment/cancelled'],
  customCheckout: ['/custom-checkout'],
  walletCheckout: ['/apple-pay-checkout'],
  orderSuccess: ['/order-success'],
  sandboxCheckout: ['/sandbox/checkout'],
} as const;

/** Whether `pathname` is the landing page (it answers at more than one address). */
export const isHomePath = (pathname: string): boolean => (clientRoutes.home as readonly string[]).includes(pathname);

export const clientPaths: readonly string[] = Object.values(clientRoutes).flat();
