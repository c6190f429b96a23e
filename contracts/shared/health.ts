// GET /healthz: are the stores reachable, and how far behind the log are the read models?
import { endpoint } from './endpoint.ts';

export type HealthResponse = {
  status: 'ok' | 'degraded';
  eventStore: { kind: string; reachable: boolean };
  readStore: { kind: string; reachable: boolean };
  projections: { position: number | null; lag: number | null };
};

export const healthApi = {
  health: endpoint<HealthResponse>()({ method: 'GET', path: '/healthz', guarded: false }),
} as const;
