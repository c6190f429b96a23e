// The ledger for the owner and the auditor: the days of a period with their entries and sums, and the period's sums.
import { ledgerApi } from '../../contracts/ledger/api.ts';
import {
  ledgerMessages,
  maxLedgerDays,
  sumTotals,
  type LedgerResponse,
  type PaymentSetupResponse,
} from '../../contracts/ledger/model.ts';
import { checkoutApi } from '../../contracts/checkout/api.ts';
import { invalid } from '../../contracts/shared/errors.ts';
import { ukDayOf } from '../../contracts/vat/rates.ts';
import { ledgerDays } from '../../projections/ledger/ledger.ts';
import type { ShopDeps } from '../deps.ts';
import { route, type Routers } from '../http/route.ts';

export function ledgerRoutes(routers: Routers, deps: ShopDeps) {
  route(routers, ledgerApi.days, async (ctx, input) => {
    const query = input.query();
    // Without dates: the UK month so far (or up to the day given).
    const to = query.to ?? ukDayOf(deps.clock().toISOString());
    const from = query.from ?? `${to.slice(0, 8)}01`;
    if (from > to) throw invalid(ledgerMessages.endsBeforeStart);
    if ((Date.parse(to) - Date.parse(from)) / 86_400_000 + 1 > maxLedgerDays) throw invalid(ledgerMessages.tooLong);
    const list = await ledgerDays(deps.reads, from, to);
    const body: LedgerResponse = { from, to, days: list, totals: sumTotals(list.map((d) => d.totals)) };
    ctx.set('Cache-Control', 'no-store');
    ctx.body = body;
  });

  // What the shop is set up with, from its settings alone: no call to the provider, nothing secret (decision 107).
  route(routers, ledgerApi.paymentSetup, (ctx) => {
    const { config, payments } = deps;
    const key = config.STRIPE_SECRET_KEY ?? '';
    const base = config.PUBLIC_URL?.replace(/\/+$/, '');
    const body: PaymentSetupResponse = {
      provider: payments.provider === 'stripe' ? 'stripe' : 'sandbox',
      mode: payments.provider !== 'stripe' ? null : /^[sr]k_live_/.test(key) ? 'live' : 'test',
      settings: (['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET', 'PUBLIC_URL'] as const).map(
        (name) => ({ name, present: !!config[name] }),
      ),
      webhookUrl: base ? `${base}${checkoutApi.paymentsWebhook.path}` : null,
      events: [...(payments.webhookEvents ?? [])],
    };
    ctx.set('Cache-Control', 'no-store');
    ctx.body = body;
  });
}
