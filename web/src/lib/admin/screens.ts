// Every admin screen the header links to, in the order it shows them: its address, its label, and which roles may open
// it. One entry a screen: a new screen is one line here (and its route file). An entry whose route does not exist yet
// is left out of the header until its route file is added, so a screen being built can be listed before it ships.
import type { AccountRole } from '#contracts/admin/model.ts';

export type AdminScreen = {
  /** the screen's address, as its route file names it */
  path: string;
  /** the link's address when it differs: the spelling the spec gives a link (the reviews dashboard's /admin-dashboard) */
  linkTo?: string;
  label: string;
  roles: readonly AccountRole[];
};

const everyone = ['owner', 'auditor'] as const;

export const adminScreens: readonly AdminScreen[] = [
  { path: '/admin/orders', label: 'Orders Dashboard', roles: everyone },
  { path: '/admin/dashboard', linkTo: '/admin-dashboard', label: 'Reviews Dashboard', roles: everyone },
  { path: '/admin/messages', label: 'Messages', roles: everyone },
  { path: '/admin/catalogue', label: 'Catalogue', roles: everyone },
  { path: '/admin/discounts', label: 'Discounts', roles: everyone },
  { path: '/admin/stock', label: 'Stock', roles: everyone },
  { path: '/admin/sales', label: 'Sales', roles: everyone },
  { path: '/admin/ledger', label: 'Ledger', roles: everyone },
  { path: '/admin/vat', label: 'VAT', roles: everyone },
  { path: '/admin/shipping', label: 'Delivery', roles: everyone },
  { path: '/admin/audit', label: 'Audit', roles: everyone },
  { path: '/admin/accounts', label: 'Accounts', roles: everyone },
  { path: '/admin/privacy', label: 'Privacy', roles: everyone },
];

/** Where a role's session starts (after logging in, and at /admin): owners moderate, auditors audit. */
export const landingFor = (role: AccountRole) => (role === 'auditor' ? '/admin/audit' : '/admin/dashboard');

/** The screens `role` may open whose routes exist (`routed` says which paths the router knows). */
export const screensFor = (role: AccountRole, routed: (path: string) => boolean) =>
  adminScreens.filter((screen) => screen.roles.includes(role) && routed(screen.path));

/** The entry of the screen at `pathname`: its own address, or one below it (an order's page is under Orders). */
export const currentScreen = (pathname: string, screens: readonly AdminScreen[]) =>
  screens.find((screen) => pathname === screen.path || pathname.startsWith(`${screen.path}/`));
