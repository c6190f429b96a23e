// The auditor's console: the raw log, the streams, what one request caused, time travel and diffs, the hash-chained
// export, the read models' verification and health. It reads the log itself on purpose: it is the record the read
// models are checked against.
import { auditApi, chainHeadHeader } from '../../contracts/audit/api.ts';
import { auditMessages } from '../../contracts/audit/model.ts';
import { dataReadMessages, defaultDataReadsPage, routineReasons } from '../../contracts/audit/dataReads.ts';
import { personAddress } from '../../contracts/personalData.ts';
import { pageDataReads } from '../../projections/audit/dataReads.ts';
import { personalReadsFor } from '../http/personalReads.ts';
import { conflict, invalid, notFound } from '../../contracts/shared/errors.ts';
import { chainLines, GENESIS, sha256 } from '../../projections/audit/hashChain.ts';
import { diffAsOf, stateAsOf } from '../../projections/audit/timeTravel.ts';
import type { ShopDeps } from '../deps.ts';
import { adminOf } from '../http/adminRouter.ts';
import { beginHeavyJob, runHeavyJob } from '../http/heavyWork.ts';
import { commandMeta } from '../http/request.ts';
import { route, type Routers } from '../http/route.ts';
import { auditStreams, projectionHealth, relatedEvents, storedLog, verifyReadModels } from './console.ts';

export function auditRoutes(routers: Routers, deps: ShopDeps) {
  // The event view, what a request caused and time travel show events opened: each is a read of personal data.
  const reads = personalReadsFor(deps);

  route(routers, auditApi.events, async (ctx, input) => {
    const { stream, after, limit } = input.query();
    ctx.set('Cache-Control', 'no-store');
    if (stream) {
      const events = await deps.events.readStream(stream);
      if (events.length === 0) throw notFound(`No stream named ${stream}`);
      await reads.view(ctx, auditApi.events, stream, routineReasons.eventView);
      ctx.body = { stream, revision: events.at(-1)!.revision, events };
      return;
    }
    const events = [];
    for await (const event of deps.events.readAll(after, { limit, batchSize: limit })) events.push(event);
    const head = await deps.events.headPosition();
    const last = events.at(-1)?.position ?? after;
    if (events.length > 0)
      await reads.view(ctx, auditApi.events, `log?after=${after}&to=${last}`, routineReasons.eventView);
    ctx.body = { events, next: last < head ? last : null, head };
  });

  route(routers, auditApi.streams, async (ctx, input) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await auditStreams(deps.reads, input.query());
  });

  route(routers, auditApi.related, async (ctx, input) => {
    const { correlationId } = input.query();
    const events = await relatedEvents(deps.events, correlationId);
    if (events.length > 0)
      await reads.view(ctx, auditApi.related, `correlation-${correlationId}`, routineReasons.related);
    ctx.body = { correlationId, events };
  });

  route(routers, auditApi.state, async (ctx, input) => {
    const { stream, at } = input.query();
    const answer = await stateAsOf(stream, await deps.events.readStream(stream), at);
    await reads.view(ctx, auditApi.state, stream, routineReasons.timeTravel);
    ctx.body = answer;
  });

  route(routers, auditApi.diff, async (ctx, input) => {
    const { stream, from, to } = input.query();
    const answer = await diffAsOf(stream, await deps.events.readStream(stream), from, to);
    await reads.view(ctx, auditApi.diff, stream, routineReasons.timeTravel);
    ctx.body = answer;
  });

  // Who read whose data, from the read model: a subject given as an e-mail address is looked for by its keyed hash.
  route(routers, auditApi.dataReads, async (ctx, input) => {
    const { reader, subject, from, to, cursor, limit } = input.query();
    const page = await pageDataReads(
      deps.reads,
      {
        reader: reader || undefined,
        subject: subject ? (personAddress(subject) ? reads.hashed(subject) : subject) : undefined,
        since: from ? Date.parse(`${from}T00:00:00.000Z`) : undefined,
        until: to ? Date.parse(`${to}T23:59:59.999Z`) : undefined,
      },
      limit ?? defaultDataReadsPage,
      cursor,
    );
    if (!page) throw invalid(dataReadMessages.cursor, [{ field: 'cursor', message: dataReadMessages.cursor }]);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = page;
  });

  route(routers, auditApi.exportLog, async (ctx, input) => {
    const { stream } = input.query();
    const log = storedLog(deps.events);
    const events = stream ? await log.readStream(stream) : null;
    if (stream && events!.length === 0) throw notFound(`No stream named ${stream}`);
    // A copy of the log leaves the shop (its events written before sealing hold plain text): recorded every time, before
    // the log is read, so an export of the whole log holds its own record.
    await reads.download(ctx, auditApi.exportLog, stream ?? 'log', routineReasons.logExport);
    // The chain head goes in a header, so the whole export is built before the answer starts: a shop's log is small
    // enough, and the CLI streams the same lines for a larger one.
    const lines: string[] = [];
    for await (const line of chainLines(
      events
        ? (async function* () {
            yield* events;
          })()
        : log.readAll(0),
    ))
      lines.push(line);
    const head = lines.length === 0 ? GENESIS : sha256(lines.at(-1)!);
    const name = `${stream ?? 'log'}-${deps.clock().toISOString().replace(/[:.]/g, '-')}.ndjson`;
    ctx.set(chainHeadHeader, head);
    ctx.set('Access-Control-Expose-Headers', chainHeadHeader);
    ctx.set('Content-Disposition', `attachment; filename="${name}"`);
    ctx.type = 'application/x-ndjson';
    ctx.body = lines.length === 0 ? '' : `${lines.join('\n')}\n`;
  });

  route(routers, auditApi.projections, async (ctx) => {
    ctx.body = await projectionHealth(deps);
  });

  route(routers, auditApi.rebuild, async (ctx) => {
    if (!deps.rebuildReadModels) throw conflict(auditMessages.noRebuild);
    // The turn is held until the new generation is live, though the answer goes at once.
    const release = await beginHeavyJob(ctx, deps.heavyWork, 'rebuild');
    const { started, done } = deps.rebuildReadModels();
    void done.finally(release);
    ctx.status = 202;
    ctx.body = {
      success: true,
      started,
      message: started ? auditApi.rebuild.messages.started : auditApi.rebuild.messages.running,
    };
  });

  // The backup itself is the data folder's business (infra/backup); the route records it and asks for it as a long task
  // (one at a time per shop, like a verification). A copy of every person's data is made: recorded every time, before
  // it is taken, so the backup holds its own record.
  route(routers, auditApi.backup, async (ctx) => {
    if (!deps.backup) throw conflict(auditMessages.noBackup);
    const backup = await runHeavyJob(ctx, deps.heavyWork, 'backup', async () => {
      await reads.download(ctx, auditApi.backup, 'data-folder', routineReasons.backup);
      return deps.backup!();
    });
    ctx.body = { success: true, message: auditApi.backup.messages.backedUp, backup };
  });

  // A verification rebuilds every read model: one long task at a time per shop, so repeated clicks cannot pile them up.
  route(routers, auditApi.verify, async (ctx) => {
    const by = adminOf(ctx);
    const result = await runHeavyJob(ctx, deps.heavyWork, 'verify', () =>
      verifyReadModels(deps, commandMeta(ctx, `admin:${by}`, deps.clock()), by),
    );
    ctx.body = { success: true, match: result.match, message: auditApi.verify.messages.verified, result };
  });
}
