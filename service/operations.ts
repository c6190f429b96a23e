// What the owner and a monitoring system see of the running shop: request counts and latencies by route, e-mails that
// failed, payment webhooks that failed, and the owner's alerts when e-mails or webhooks keep failing for 15 minutes
// (one e-mail to the owner each time, and a banner on the admin dashboard while it lasts). Counted in this process's
// memory: a restart starts the counters again, as Prometheus expects of a counter.
import type { Logger } from 'pino';
import type { OwnerAlert } from '../contracts/shared/health.ts';
import type { Mailer } from '../contracts/ports/mailer.ts';

/** How long e-mails (the reactor) or webhooks must keep failing before the owner is told. */
export const alertAfterMs = 15 * 60_000;

/** Seconds: the upper bounds of the request-duration histogram's buckets. */
export const latencyBuckets = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10] as const;

type RouteStats = { count: number; sum: number; buckets: number[]; statuses: Map<number, number> };

type Incident = { since: Date; last: Date; message: string; alerted: boolean };

export const alertTexts = {
  reactor: (since: string, detail: string) =>
    `E-mails and other work after an order have not gone out since ${since}: the shop keeps trying, and nothing is lost, but shoppers are not being e-mailed. The last error: ${detail}. Check the mail settings (SMTP_URL) and the server's log; it clears itself once the work goes through.`,
  webhooks: (since: string, detail: string) =>
    `Stripe's notices to the shop have been failing since ${since}: paid orders may not appear until they go through. The last answer: ${detail}. Check STRIPE_WEBHOOK_SECRET against the endpoint's signing secret in the Stripe dashboard (npm run events -- stripe-check).`,
  subject: (kind: OwnerAlert['kind']) =>
    kind === 'reactor' ? 'The shop cannot send e-mails' : "Stripe's notices to the shop are failing",
} as const;

/** A moment as the owner reads it: UK time, to the minute. */
function ukTime(at: Date): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/London',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  }).format(at);
}

export class Operations {
  private readonly routes = new Map<string, RouteStats>();
  /** e-mails the mailer could not hand over */
  emailsFailed = 0;
  /** payment webhook deliveries answered with an error */
  webhookFailures = 0;
  private readonly incidents: Partial<Record<OwnerAlert['kind'], Incident>> = {};

  constructor(
    private readonly deps: {
      clock: () => Date;
      logger: Pick<Logger, 'error' | 'warn'>;
      mailer: Mailer;
      ownerEmail: string;
      webhookPath: string;
    },
  ) {}

  /** One answered request: its router pattern (or a stand-in for unmatched ones), status and duration. */
  observeRequest(method: string, route: string, status: number, seconds: number): void {
    const key = `${method} ${route}`;
    let stats = this.routes.get(key);
    if (!stats) {
      stats = { count: 0, sum: 0, buckets: latencyBuckets.map(() => 0), statuses: new Map() };
      this.routes.set(key, stats);
    }
    stats.count += 1;
    stats.sum += seconds;
    latencyBuckets.forEach((bound, i) => {
      if (seconds <= bound) stats.buckets[i]! += 1;
    });
    stats.statuses.set(status, (stats.statuses.get(status) ?? 0) + 1);
    if (method === 'POST' && route === this.deps.webhookPath) {
      if (status >= 400) {
        this.webhookFailures += 1;
        this.failed('webhooks', `${status}`);
      } else if (status < 300) this.recovered('webhooks');
    }
  }

  /** The mailer, counting the e-mails it could not send. */
  countingMailer(mailer: Mailer): Mailer {
    return {
      get transport() {
        return mailer.transport;
      },
      send: async (message, options) => {
        try {
          return await mailer.send(message, options);
        } catch (error) {
          this.emailsFailed += 1;
          throw error;
        }
      },
      ...(mailer.forget ? { forget: (matches: (text: string) => boolean) => mailer.forget!(matches) } : {}),
      close: () => mailer.close(),
    };
  }

  /** A failed attempt of something the owner is told about once it has kept failing for alertAfterMs. */
  failed(kind: OwnerAlert['kind'], detail: string, since?: Date): void {
    const now = this.deps.clock();
    const incident = (this.incidents[kind] ??= { since: since ?? now, last: now, message: detail, alerted: false });
    incident.last = now;
    incident.message = detail;
    if (!incident.alerted && incident.last.getTime() - incident.since.getTime() >= alertAfterMs) {
      incident.alerted = true;
      void this.mailOwner(kind, incident);
    }
  }

  /** It went through: the incident is over (a later failure starts a new one, with its own e-mail). */
  recovered(kind: OwnerAlert['kind']): void {
    delete this.incidents[kind];
  }

  /** The alerts the owner's dashboard shows: each incident that has kept failing for alertAfterMs. */
  alerts(): OwnerAlert[] {
    return (Object.entries(this.incidents) as Array<[OwnerAlert['kind'], Incident]>)
      .filter(([, incident]) => incident.alerted)
      .map(([kind, incident]) => ({
        kind,
        since: incident.since.toISOString(),
        message: alertTexts[kind](ukTime(incident.since), incident.message),
      }));
  }

  /**
   * Straight through the mailer, not through the reactor: the reactor may be what is stuck. When the mailer is what
   * fails, this fails too, and the dashboard's banner is what the owner has.
   */
  private async mailOwner(kind: OwnerAlert['kind'], incident: Incident): Promise<void> {
    const text = alertTexts[kind](ukTime(incident.since), incident.message);
    this.deps.logger.error({ alert: kind, since: incident.since.toISOString() }, text);
    try {
      await this.deps.mailer.send(
        {
          to: this.deps.ownerEmail,
          subject: alertTexts.subject(kind),
          text: `${text}\n\nThe admin dashboard shows this too while it lasts.`,
        },
        { kind: 'owner-alert', idempotencyKey: `owner-alert:${kind}:${incident.since.toISOString()}` },
      );
    } catch (error) {
      this.deps.logger.error(
        { alert: kind, err: error instanceof Error ? error.message : String(error) },
        "the owner's alert e-mail could not be sent; the admin dashboard shows the alert",
      );
    }
  }

  /** The request counters and histograms in Prometheus' text format (the gauges are added by the caller). */
  requestMetrics(): string[] {
    const label = (value: string) => value.replaceAll('\\', '\\\\').replaceAll('"', '\\"').replaceAll('\n', '\\n');
    const lines = [
      '# HELP shop_http_requests_total Requests answered, by method, route and status.',
      '# TYPE shop_http_requests_total counter',
    ];
    const sorted = [...this.routes.entries()].sort(([a], [b]) => a.localeCompare(b));
    for (const [key, stats] of sorted) {
      const [method, route] = [key.slice(0, key.indexOf(' ')), key.slice(key.indexOf(' ') + 1)];
      for (const [status, count] of [...stats.statuses.entries()].sort(([a], [b]) => a - b))
        lines.push(
          `shop_http_requests_total{method="${label(method)}",route="${label(route)}",status="${status}"} ${count}`,
        );
    }
    lines.push(
      '# HELP shop_http_request_duration_seconds Time from a request arriving to its answer, by method and route.',
      '# TYPE shop_http_request_duration_seconds histogram',
    );
    for (const [key, stats] of sorted) {
      const labels = `method="${label(key.slice(0, key.indexOf(' ')))}",route="${label(key.slice(key.indexOf(' ') + 1))}"`;
      latencyBuckets.forEach((bound, i) =>
        lines.push(`shop_http_request_duration_seconds_bucket{${labels},le="${bound}"} ${stats.buckets[i]}`),
      );
      lines.push(`shop_http_request_duration_seconds_bucket{${labels},le="+Inf"} ${stats.count}`);
      lines.push(`shop_http_request_duration_seconds_sum{${labels}} ${stats.sum}`);
      lines.push(`shop_http_request_duration_seconds_count{${labels}} ${stats.count}`);
    }
    return lines;
  }
}

/** A Prometheus metric of one value: its help, type and sample. */
export function single(name: string, type: 'gauge' | 'counter', help: string, value: number | null): string[] {
  return [`# HELP ${name} ${help}`, `# TYPE ${name} ${type}`, `${name} ${value === null ? 'NaN' : value}`];
}
