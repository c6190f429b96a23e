// GET /healthz: are the stores reachable, and how far behind the log are the read models? GET /readyz: may this process
// take shoppers now? GET /metrics: the Prometheus text. GET /api/admin/alerts: what the owner's dashboard warns about.
import { endpoint } from './endpoint.ts';

export type HealthResponse = {
  status: 'ok' | 'degraded';
  eventStore: { kind: string; reachable: boolean };
  readStore: { kind: string; reachable: boolean };
  projections: { position: number | null; lag: number | null };
};

/** Ready: the log answers, the read models are within `maxLag` events of its head, and the reactor runs. */
export type ReadyResponse = {
  ready: boolean;
  log: { open: boolean };
  readModels: { lag: number | null; maxLag: number; caughtUp: boolean };
  /** inline: the reactor runs in this process (active, or standing by for another holder); external: its own process */
  reactor: { mode: 'inline' | 'external'; running: boolean };
  /** what is not ready, in words; empty when ready */
  problems: string[];
};

/** Something the owner must know about the running shop: e-mails not going out, payment notices failing. */
export type OwnerAlert = {
  kind: 'reactor' | 'webhooks';
  /** when it began failing (ISO) */
  since: string;
  /** what is wrong and what to do, in words */
  message: string;
};

export type OwnerAlertsResponse = { alerts: OwnerAlert[] };

export const healthApi = {
  health: endpoint<HealthResponse>()({ method: 'GET', path: '/healthz', guarded: false }),
  ready: endpoint<ReadyResponse>()({ method: 'GET', path: '/readyz', guarded: false }),
  /** open from this machine; from anywhere else with `Authorization: Bearer <METRICS_TOKEN>` only */
  metrics: endpoint<string>()({ method: 'GET', path: '/metrics', guarded: false }),
  alerts: endpoint<OwnerAlertsResponse>()({ method: 'GET', path: '/api/admin/alerts', guarded: true }),
} as const;

/** The paths of the shop's own health and metrics, which a supervisor or a scraper calls directly, not through a proxy. */
export const operationsPaths: ReadonlySet<string> = new Set([
  healthApi.health.path,
  healthApi.ready.path,
  healthApi.metrics.path,
]);
