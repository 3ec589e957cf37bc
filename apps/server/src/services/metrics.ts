import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { countRecent, recordRecentDelivery } from './recent-metrics.js';

/**
 * The hub's Prometheus metrics: one registry per process, filled from the few places that see
 * each event (the HTTP hooks, the audit recorder, the throttle, the mail worker, the password
 * queue). It is exposed only on the metrics listener (http/metrics.ts), never on the public port.
 * Under HUB_WORKERS the primary asks every worker for its registry and adds them up.
 */
export const metricsRegistry = new Registry();

// Node's own: CPU, memory, handles, GC, and the event-loop lag (nodejs_eventloop_lag_*).
collectDefaultMetrics({ register: metricsRegistry });

const registers = [metricsRegistry];

/** Latency buckets for HTTP answers: a look-up takes milliseconds, a password check tens of them. */
const durationBuckets = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export const httpRequestDuration = new Histogram({
  name: 'hub_http_request_duration_seconds',
  help: 'Time from a request arriving to its answer being sent, by route pattern, method and status.',
  labelNames: ['method', 'route', 'status_code'] as const,
  buckets: durationBuckets,
  registers,
});

/** A counter in the hub's registry, counted by the given labels. */
const counter = <Label extends string = never>(
  name: string,
  help: string,
  labelNames: readonly Label[] = [],
) => new Counter<Label>({ name, help, labelNames, registers });

export const signIns = counter(
  'hub_sign_ins_total',
  'Sign-in attempts by method (password, session, google, facebook) and outcome (success, failure, refused).',
  ['method', 'outcome'],
);

export const signUps = counter(
  'hub_sign_ups_total',
  'Accounts created by method (email, google, facebook) and outcome.',
  ['method', 'outcome'],
);

export const verificationCodes = counter(
  'hub_verification_codes_total',
  'Verification codes by flow (signup, reset, work_account) and outcome (sent, verified, failed: a wrong code).',
  ['flow', 'outcome'],
);

export const mailDeliveries = counter(
  'hub_mail_deliveries_total',
  'Outbox deliveries by outcome: sent, retried (a failed attempt that will be tried again), failed (given up).',
  ['outcome'],
);

export const webhookDeliveries = counter(
  'hub_webhook_deliveries_total',
  'Event deliveries to tool and platform endpoints, by endpoint id and outcome: delivered, retried, dead (given up).',
  ['endpoint', 'outcome'],
);

export const throttleRefusals = counter(
  'hub_throttle_refusals_total',
  'Requests refused by a throttle rule (rate_limited), by rule.',
  ['rule'],
);

/** A throttle refusal: the counter, and the console overview's minute (services/recent-metrics.ts). */
export const countThrottleRefusal = (rule: string) => {
  throttleRefusals.inc({ rule });
  countRecent('throttled');
};

export const mailDeliveryLatency = new Histogram({
  name: 'hub_mail_delivery_latency_seconds',
  help: 'Time from a mail being queued in the outbox to its being sent.',
  buckets: [0.1, 0.5, 1, 2.5, 5, 10, 30, 60, 300, 900],
  registers,
});

/** A mail sent `latencyMs` after it was queued: the histogram, and the overview's minute. */
export const observeMailDelivery = (latencyMs: number) => {
  mailDeliveryLatency.observe(Math.max(0, latencyMs) / 1000);
  recordRecentDelivery(latencyMs);
};

export const loadShed = counter(
  'hub_load_shed_total',
  'Requests answered 503 service.overloaded because the event loop lagged.',
);

const hashBuckets = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

export const passwordHashWait = new Histogram({
  name: 'hub_password_hash_wait_seconds',
  help: 'Time a password hash or check waited for a free hashing slot.',
  labelNames: ['operation'] as const,
  buckets: hashBuckets,
  registers,
});

export const passwordHashDuration = new Histogram({
  name: 'hub_password_hash_duration_seconds',
  help: 'Time an Argon2id hash or check took once it had a slot.',
  labelNames: ['operation'] as const,
  buckets: hashBuckets,
  registers,
});

export interface OutboxState {
  pending: number;
  /** Epoch milliseconds of the oldest pending mail's queueing, or null when none is pending. */
  oldestCreatedAt: number | null;
}

export interface PoolState {
  total: number;
  idle: number;
  waiting: number;
}

/**
 * What the gauges read at scrape time. Each app adds its own while it runs (tests build several in
 * one process; a server builds one) and removes it on close.
 */
export interface MetricsSource {
  outbox?: () => Promise<OutboxState>;
  pool?: () => PoolState | undefined;
  /** Pending event deliveries per endpoint (events/, storage/webhooks.ts). */
  webhooks?: () => Promise<{ endpointId: string; pending: number }[]>;
  now: () => number;
}

const sources = new Set<MetricsSource>();

export const addMetricsSource = (source: MetricsSource) => {
  sources.add(source);
  return () => {
    sources.delete(source);
  };
};

/**
 * The outbox read once per scrape for both outbox gauges: prom-client collects a registry's metrics
 * together, so the second gauge joins the read the first one started instead of querying again.
 */
let outboxRead: Promise<{ source: MetricsSource; state: OutboxState }[]> | undefined;
const outboxReadings = () => {
  outboxRead ??= Promise.all(
    [...sources].map(async (source) => ({ source, state: await source.outbox?.().catch(() => undefined) })),
  )
    .then((all) =>
      all.filter((r): r is { source: MetricsSource; state: OutboxState } => r.state !== undefined),
    )
    .finally(() => {
      outboxRead = undefined;
    });
  return outboxRead;
};

/** The outbox is one table shared by every process: workers report the same rows, so take the max. */
new Gauge({
  name: 'hub_mail_outbox_pending',
  help: 'Mails waiting in the outbox (pending, not yet sent or given up).',
  aggregator: 'max',
  registers,
  async collect() {
    let pending = 0;
    for (const { state } of await outboxReadings()) pending = Math.max(pending, state.pending);
    this.set(pending);
  },
});

new Gauge({
  name: 'hub_mail_outbox_oldest_age_seconds',
  help: 'Age of the oldest pending mail in the outbox (0 when none is pending).',
  aggregator: 'max',
  registers,
  async collect() {
    let age = 0;
    for (const { source, state } of await outboxReadings()) {
      if (state.oldestCreatedAt != null) age = Math.max(age, (source.now() - state.oldestCreatedAt) / 1000);
    }
    this.set(age);
  },
});

/** Event deliveries waiting, per endpoint: one table shared by every process, so take the max. */
new Gauge({
  name: 'hub_webhook_pending',
  help: 'Event deliveries waiting to be sent (or retried) to each endpoint, by endpoint id.',
  labelNames: ['endpoint'] as const,
  aggregator: 'max',
  registers,
  async collect() {
    this.reset();
    const pending = new Map<string, number>();
    for (const source of sources) {
      const rows = await source.webhooks?.().catch(() => undefined);
      for (const row of rows ?? [])
        pending.set(row.endpointId, Math.max(pending.get(row.endpointId) ?? 0, row.pending));
    }
    for (const [endpoint, value] of pending) this.set({ endpoint }, value);
  },
});

/** Each process has its own pool: workers' pools add up. */
new Gauge({
  name: 'hub_db_pool_connections',
  help: 'PostgreSQL pool connections by state: total (open), idle, and waiting (queries queued for a connection).',
  labelNames: ['state'] as const,
  registers,
  collect() {
    const sum = { total: 0, idle: 0, waiting: 0 };
    for (const source of sources) {
      const state = source.pool?.();
      if (!state) continue;
      sum.total += state.total;
      sum.idle += state.idle;
      sum.waiting += state.waiting;
    }
    for (const [state, value] of Object.entries(sum)) this.set({ state }, value);
  },
});

/** Audit events that are also counters: the audit recorder calls this for every row it writes. */
export const countAuditEvent = (
  event: string,
  outcome: string,
  detail: Record<string, string | number | boolean | null> | undefined,
) => {
  const text = (key: string) => {
    const value = detail?.[key];
    return typeof value === 'string' ? value : undefined;
  };
  switch (event) {
    case 'login.success':
      signIns.inc({ method: text('method') ?? 'password', outcome: 'success' });
      countRecent('signIns');
      return;
    case 'login.failure':
      signIns.inc({ method: 'password', outcome: 'failure' });
      countRecent('failures');
      return;
    case 'social.refused':
      signIns.inc({ method: text('provider') ?? 'social', outcome: 'refused' });
      countRecent('failures');
      return;
    case 'signup.completed':
      signUps.inc({ method: 'email', outcome });
      return;
    case 'social.linked':
      if (detail?.created === true) signUps.inc({ method: text('provider') ?? 'social', outcome });
      return;
  }
  const code = /^(signup|reset|work_account)\.code_(sent|verified|failed)$/.exec(event);
  if (code) verificationCodes.inc({ flow: code[1], outcome: code[2] });
};
