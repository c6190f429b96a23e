// The owner's discount codes (decision 075): created, paused, resumed and ended on each code's own stream, listed and
// shown with their uses by folding those streams on each read, so a hold that has run out is gone the moment it has.
// Reading is open to every admin role; the changes are an owner's (the admin router admits no auditor to them).
import type { Context } from 'koa';
import {
  discountCodeDecider,
  foldDiscountCode,
  holdViewsOf,
  summaryOf,
  useViewsOf,
  type DiscountCodeCommand,
  type DiscountCodeState,
} from '../../contracts/discounts/code.ts';
import { discountsApi } from '../../contracts/discounts/api.ts';
import {
  discountMessages,
  isDiscountCode,
  normaliseCode,
  type DiscountCodeSummary,
} from '../../contracts/discounts/model.ts';
import { notFound } from '../../contracts/shared/errors.ts';
import { discountStream } from '../../contracts/shared/streams.ts';
import { listCodeNames } from '../../contracts/discounts/codes.ts';
import { handleCommand } from '../commands.ts';
import type { ShopDeps } from '../deps.ts';
import { adminOf } from '../http/adminRouter.ts';
import { commandMeta } from '../http/request.ts';
import { route, type Routers } from '../http/route.ts';

type Deps = Pick<ShopDeps, 'events' | 'clock' | 'reads'>;

async function codeState(deps: Deps, code: string): Promise<DiscountCodeState> {
  return foldDiscountCode(await deps.events.readStream(discountStream(code)));
}

/** Every code, newest first: the read model names them, each code's stream says the rest. */
export async function listCodes(deps: Deps): Promise<DiscountCodeSummary[]> {
  const now = deps.clock().toISOString();
  const codes = await listCodeNames(deps.reads);
  const summaries = await Promise.all(codes.map(async (code) => summaryOf(await codeState(deps, code), now)));
  return summaries.filter((s): s is DiscountCodeSummary => s !== null);
}

/** The code a path names, trimmed and upper-case; one that cannot be a code is simply unknown. */
function codeOfPath(ctx: Context): string {
  const raw = normaliseCode(decodeURIComponent(String(ctx.params.code ?? '')));
  if (!isDiscountCode(raw)) throw notFound(discountMessages.unknown(raw.slice(0, 40)));
  return raw;
}

export function discountRoutes(routers: Routers, deps: ShopDeps) {
  async function change(ctx: Context, command: (by: string, at: string) => DiscountCodeCommand, code: string) {
    const admin = adminOf(ctx);
    const meta = commandMeta(ctx, `admin:${admin}`, deps.clock());
    // The list is read from the read model: answer once it holds the change.
    await handleCommand(deps.events, discountStream(code), discountCodeDecider, command(admin, meta.now), meta, {
      waiter: deps.waiter,
    });
    const summary = summaryOf(await codeState(deps, code), deps.clock().toISOString());
    if (!summary) throw notFound(discountMessages.unknown(code));
    return summary;
  }

  route(routers, discountsApi.list, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { codes: await listCodes(deps) };
  });

  route(routers, discountsApi.detail, async (ctx) => {
    const code = codeOfPath(ctx);
    const state = await codeState(deps, code);
    const now = deps.clock().toISOString();
    const summary = summaryOf(state, now);
    if (!summary) throw notFound(discountMessages.unknown(code));
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { ...summary, uses: useViewsOf(state), holds: holdViewsOf(state, now) };
  });

  route(routers, discountsApi.create, async (ctx, input) => {
    const body = input.body();
    ctx.body = await change(
      ctx,
      (by, at) => ({
        type: 'CreateCode',
        data: {
          code: body.code,
          kind: body.kind,
          amount: body.amount,
          ...(body.validFrom ? { validFrom: body.validFrom } : {}),
          ...(body.validUntil ? { validUntil: body.validUntil } : {}),
          ...(body.maxUses !== undefined ? { maxUses: body.maxUses } : {}),
          oncePerEmail: body.oncePerEmail,
          minimumBasket: body.minimumBasket,
          by,
          ...(body.reason ? { reason: body.reason } : {}),
          at,
        },
      }),
      body.code,
    );
    ctx.status = 201;
  });

  const changes = [
    [discountsApi.pause, 'PauseCode'],
    [discountsApi.resume, 'ResumeCode'],
    [discountsApi.end, 'EndCode'],
  ] as const;
  for (const [endpoint, type] of changes) {
    route(routers, endpoint, async (ctx, input) => {
      const code = codeOfPath(ctx);
      const { reason } = input.body();
      ctx.body = await change(ctx, (by, at) => ({ type, code, by, ...(reason ? { reason } : {}), at }), code);
    });
  }
}
