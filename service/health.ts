// Are the stores reachable, and how far behind the log are the read models (/healthz)? May this process take shoppers
// now (/readyz)? The Prometheus text (/metrics), and the owner's alerts for the dashboard (/api/admin/alerts).
import { timingSafeEqual } from 'node:crypto';
import type { Context } from 'koa';
import { healthApi, type ReadyResponse } from '../contracts/shared/health.ts';
import type { ShopDeps } from './deps.ts';
import { HttpError } from './http/errors.ts';
import { route, type Routers } from './http/route.ts';
import { single } from './operations.ts';

const loopback = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

/**
 * /metrics from this machine (the socket's peer is loopback and no proxy forwarded the request), or with the token.
 * Through the reverse proxy every request comes from loopback, but with X-Forwarded-For: those need the token.
 */
export function metricsAllowed(
  request: { remoteAddress: string | undefined; forwarded: boolean; authorization: string | undefined },
  token: string | undefined,
): boolean {
  if (!request.forwarded && request.remoteAddress !== undefined && loopback.test(request.remoteAddress)) return true;
  if (!token) return false;
  const sent = /^Bearer (.+)$/.exec(request.authorization ?? '')?.[1] ?? '';
  const [a, b] = [Buffer.from(sent), Buffer.from(token)];
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Is the process ready for shoppers: the log answers, the read models are within the bound, the reactor runs. */
export async function readiness(deps: ShopDeps): Promise<ReadyResponse> {
  const [logOpen, projections] = await Promise.all([
    deps.events.ping().catch(() => false),
    deps.projectionStatus().catch(() => null),
  ]);
  const maxLag = deps.config.READY_MAX_LAG;
  const lag = projections?.lag ?? null;
  const caughtUp = lag !== null && lag <= maxLag;
  const inline = deps.config.PROJECTIONS === 'inline';
  const running = inline ? (deps.reactorStatus?.().running ?? false) : true;
  const problems = [
    !logOpen && 'the event log does not answer',
    lag === null
      ? 'the read models do not answer'
      : !caughtUp && `the read models are ${lag} events behind the log (ready at ${maxLag} or fewer)`,
    !running && 'the reactor (e-mails, refunds) is not running',
  ].filter((p): p is string => typeof p === 'string');
  return {
    ready: problems.length === 0,
    log: { open: logOpen },
    readModels: { lag, maxLag, caughtUp },
    reactor: { mode: inline ? 'inline' : 'external', running },
    problems,
  };
}

async function metricsText(deps: ShopDeps): Promise<string> {
  const [head, projections] = await Promise.all([
    deps.events.headPosition().catch(() => null),
    deps.projectionStatus().catch(() => null),
  ]);
  const reactor = deps.reactorStatus?.() ?? null;
  const operations = deps.operations;
  const lines = [
    ...(operations?.requestMetrics() ?? []),
    ...single('shop_log_head_position', 'gauge', "The event log's head position.", head),
    ...single(
      'shop_projection_lag_events',
      'gauge',
      'Events the read models are behind the log head.',
      projections?.lag ?? null,
    ),
    ...single(
      'shop_reactor_backlog_events',
      'gauge',
      'Events the reactor (e-mails, refunds) has still to react to, in this process.',
      reactor?.active && head !== null ? Math.max(0, head - reactor.position) : null,
    ),
    ...single('shop_reactor_running', 'gauge', '1 while the reactor runs in this process.', reactor?.running ? 1 : 0),
    ...single(
      'shop_reactor_failures_total',
      'counter',
      'Reactions that failed and were tried again.',
      reactor?.retries ?? 0,
    ),
    ...single(
      'shop_emails_failed_total',
      'counter',
      'E-mails the mailer could not send.',
      operations?.emailsFailed ?? 0,
    ),
    ...single(
      'shop_webhook_failures_total',
      'counter',
      'Payment webhook deliveries answered with an error.',
      operations?.webhookFailures ?? 0,
    ),
    ...single(
      'shop_owner_alerts',
      'gauge',
      "Alerts the owner's dashboard shows now.",
      operations?.alerts().length ?? 0,
    ),
  ];
  return `${lines.join('\n')}\n`;
}

export function healthRoutes(routers: Routers, deps: ShopDeps) {
  route(routers, healthApi.health, async (ctx) => {
    const [eventStore, readStore, projections] = await Promise.all([
      deps.events.ping().catch(() => false),
      deps.reads.ping().catch(() => false),
      deps.projectionStatus().catch(() => null),
    ]);
    const ok = eventStore && readStore && projections !== null;
    ctx.status = ok ? 200 : 503;
    ctx.set('Cache-Control', 'no-store');
    ctx.body = {
      status: ok ? 'ok' : 'degraded',
      eventStore: { kind: deps.events.kind, reachable: eventStore },
      readStore: { kind: deps.reads.kind, reachable: readStore },
      projections: projections
        ? { position: projections.position, lag: projections.lag }
        : { position: null, lag: null },
    };
  });

  route(routers, healthApi.ready, async (ctx) => {
    const answer = await readiness(deps);
    ctx.status = answer.ready ? 200 : 503;
    ctx.set('Cache-Control', 'no-store');
    ctx.body = answer;
  });

  route(routers, healthApi.metrics, async (ctx: Context) => {
    const allowed = metricsAllowed(
      {
        remoteAddress: ctx.req.socket.remoteAddress,
        forwarded: ctx.get('X-Forwarded-For') !== '',
        authorization: ctx.get('Authorization') || undefined,
      },
      deps.config.METRICS_TOKEN,
    );
    if (!allowed)
      throw new HttpError(
        401,
        deps.config.METRICS_TOKEN
          ? 'Metrics need the bearer token from outside this machine'
          : 'Metrics are answered on this machine only (set METRICS_TOKEN to scrape them from elsewhere)',
        'unauthorized',
      );
    ctx.set('Cache-Control', 'no-store');
    ctx.type = 'text/plain; version=0.0.4; charset=utf-8';
    ctx.body = await metricsText(deps);
  });

  route(routers, healthApi.alerts, (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { alerts: deps.operations?.alerts() ?? [] };
  });
}
