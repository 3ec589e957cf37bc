import { backoffDelayMs, createLeasedWorker, type LeasedLog } from '../leased-worker.js';
import { policy } from '../policy.js';
import type { HubDatabase } from '../storage/database.js';
import type { PrivateKeySealer } from '../storage/key-encryption.js';
import { type ClaimedDelivery, createWebhookQueries } from '../storage/webhooks.js';
import { signedHeaders } from './signing.js';

export type EventLog = LeasedLog;

export interface EventWorkerOptions {
  database: HubDatabase;
  now: () => number;
  log: EventLog;
  pollIntervalMs?: number;
  batchSize?: number;
  maxAttempts?: number;
  leaseMs?: number;
  sendTimeoutMs?: number;
  random?: () => number;
  /** Opens the endpoints' sealed secrets (storage/webhooks.ts webhookSecretSealer of KEY_ENCRYPTION_KEY). */
  sealer?: PrivateKeySealer;
  /** The HTTP client (tests may pass their own); global fetch by default. */
  fetch?: typeof fetch;
  /** Told each delivery's outcome (app.ts counts them in the metrics, per endpoint). */
  onOutcome?: (endpointId: string, outcome: keyof EventRunResult) => void;
}

export interface EventRunResult {
  delivered: number;
  retried: number;
  dead: number;
}

export interface EventWorker {
  start(): void;
  /** Stops polling and waits for a run in flight. */
  stop(): Promise<void>;
  /** One run: claims due deliveries and sends them. Runs never overlap. */
  runOnce(): Promise<EventRunResult>;
}

/** Delay before the next try after `attempt` failed: 10 s, 20 s, 40 s … capped at an hour, plus up to 10 % jitter. */
export const eventRetryDelayMs = (attempt: number, random: () => number = Math.random): number =>
  backoffDelayMs(attempt, { baseMs: policy.webhookRetryBaseMs, capMs: policy.webhookRetryCapMs }, random);

const describeError = (error: unknown): string => {
  const text =
    error instanceof Error
      ? error.cause instanceof Error
        ? error.cause.message
        : error.message
      : String(error);
  return text.replace(/\s+/g, ' ').trim().slice(0, 300) || 'unknown error';
};

/** One POST, signed; a 2xx answer is a delivery, anything else (a redirect too) a failed attempt. */
const post = async (
  settings: { now: () => number; sendTimeoutMs: number; fetch: typeof fetch },
  delivery: ClaimedDelivery,
) => {
  const response = await settings.fetch(delivery.url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'user-agent': 'AccountHub-Webhooks/1',
      ...signedHeaders(delivery.secret, delivery.eventId, delivery.payload, new Date(settings.now())),
    },
    body: delivery.payload,
    redirect: 'manual',
    signal: AbortSignal.timeout(settings.sendTimeoutMs),
  });
  // The body is not needed; reading it frees the connection.
  await response.arrayBuffer().catch(() => undefined);
  if (response.status < 200 || response.status > 299) throw new Error(`endpoint answered ${response.status}`);
};

/**
 * Delivers the event outbox through the leased worker (leased-worker.ts). Several hub processes
 * may run one each on the same database: a delivery is sent by the process whose claim won
 * (storage/leased-outbox.ts); a crashed process's claim expires after the lease and another
 * process tries again.
 */
export const createEventWorker = (options: EventWorkerOptions): EventWorker => {
  const { now, log } = options;
  const queries = createWebhookQueries(options.database.db, options.sealer);
  const random = options.random ?? Math.random;
  const sending = {
    now,
    sendTimeoutMs: options.sendTimeoutMs ?? policy.webhookSendTimeoutMs,
    fetch: options.fetch ?? fetch,
  };
  const worker = createLeasedWorker<ClaimedDelivery, keyof EventRunResult>({
    outcomes: { done: 'delivered', retried: 'retried', givenUp: 'dead' },
    now,
    log,
    queries: { ...queries, markDone: queries.markDelivered, markGivenUp: queries.markDead },
    pollIntervalMs: options.pollIntervalMs ?? policy.webhookPollIntervalMs,
    batchSize: options.batchSize ?? 20,
    leaseMs: options.leaseMs ?? policy.webhookClaimLeaseMs,
    maxAttempts: options.maxAttempts ?? policy.webhookMaxAttempts,
    retryDelayMs: (attempt) => eventRetryDelayMs(attempt, random),
    describeError,
    send: (delivery) => post(sending, delivery),
    details: (delivery) => ({
      eventId: delivery.eventId,
      endpointId: delivery.endpointId,
      attempt: delivery.attempts,
    }),
    messages: {
      givenUp: 'event delivery dead: attempts used up',
      retry: 'event delivery failed; will retry',
      lateDone: 'event delivered after its claim expired',
      done: 'event delivered',
      unrecorded: 'event outcome not recorded',
      runFailed: 'event worker run failed',
    },
    onOutcome: (delivery, outcome) => options.onOutcome?.(delivery.endpointId, outcome),
  });
  return { start: worker.start, stop: worker.stop, runOnce: worker.runOnce };
};
