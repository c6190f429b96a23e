// The privacy console's routes: erase a person, download what is held about them, the retention report and its
// application. The writes are the owner's; the download of a person's data is an owner's too, or an account's an owner
// granted it to, and is recorded with its reason (decision 058).
import { privacyApi } from '../../contracts/privacy/api.ts';
import type { ShopDeps } from '../deps.ts';
import { adminOf, sessionOf } from '../http/adminRouter.ts';
import { runHeavyJob } from '../http/heavyWork.ts';
import { commandMeta } from '../http/request.ts';
import { route, type Routers } from '../http/route.ts';
import { forbidden } from '../http/errors.ts';
import { personalReadsFor } from '../http/personalReads.ts';
import { privacyMessages } from '../../contracts/privacy/model.ts';
import { routineReasons } from '../../contracts/audit/dataReads.ts';
import { accessReport, applyRetention, erase, retentionReport, unsealedReport } from './erasure.ts';

export function privacyRoutes(routers: Routers, deps: ShopDeps) {
  // Each erasure ends by building the read models again: one long task at a time per shop, the others told so.
  route(routers, privacyApi.erase, async (ctx, input) => {
    const { email, reason } = input.body();
    const by = adminOf(ctx);
    const result = await runHeavyJob(ctx, deps.heavyWork, 'erasure', () =>
      erase(deps, email, reason, commandMeta(ctx, `admin:${by}`, deps.clock()), by),
    );
    ctx.body = { success: true, message: privacyApi.erase.messages.erased, result };
  });

  const reads = personalReadsFor(deps);

  route(routers, privacyApi.access, async (ctx, input) => {
    const { email, reason } = input.query();
    if (!sessionOf(ctx).mayDownloadPersonalData) throw forbidden(privacyMessages.accessRefused);
    const report = await accessReport(deps, email);
    await reads.download(ctx, privacyApi.access, reads.hashed(email), reason);
    ctx.set('Cache-Control', 'no-store');
    ctx.set(
      'Content-Disposition',
      `attachment; filename="personal-data-${deps.clock().toISOString().slice(0, 10)}.json"`,
    );
    ctx.body = report;
  });

  route(routers, privacyApi.retention, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    const report = await retentionReport(deps);
    if (report.due.length > 0) await reads.view(ctx, privacyApi.retention, 'retention', routineReasons.retention);
    ctx.body = report;
  });

  route(routers, privacyApi.unsealed, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await unsealedReport(deps.events);
  });

  route(routers, privacyApi.applyRetention, async (ctx) => {
    const by = adminOf(ctx);
    const erased = await runHeavyJob(ctx, deps.heavyWork, 'retention', () =>
      applyRetention(deps, commandMeta(ctx, `admin:${by}`, deps.clock()), by),
    );
    ctx.body = {
      success: true,
      erased,
      message: erased > 0 ? privacyApi.applyRetention.messages.applied : privacyApi.applyRetention.messages.none,
    };
  });
}
