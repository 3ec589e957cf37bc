import { policy } from '../policy.js';
import type { HubDatabase } from '../storage/database.js';
import { type ClaimedDelivery, createWebhookQueries } from '../storage/webhooks.js';
import { signedHeaders } from './signing.js';

export interface EventLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

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
export const eventRetryDelayMs = (attempt: number, random: () => number = Math.random): number => {
  const base = Math.min(policy.webhookRetryBaseMs * 2 ** Math.max(0, attempt - 1), policy.webhookRetryCapMs);
  return Math.round(base * (1 + 0.1 * random()));
};

const describeError = (error: unknown): string => {
  const text =
    error instanceof Error
      ? error.cause instanceof Error
        ? error.cause.message
        : error.message
      : String(error);
  return text.replace(/\s+/g, ' ').trim().slice(0, 300) || 'unknown error';
};

interface Settings {
  queries: ReturnType<typeof createWebhookQueries>;
  now: () => number;
  log: EventLog;
  maxAttempts: number;
  sendTimeoutMs: number;
  random: () => number;
  fetch: typeof fetch;
}

/** One POST, signed; a 2xx answer is a delivery, anything else (a redirect too) a failed attempt. */
const post = async (settings: Settings, delivery: ClaimedDelivery) => {
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

/** Sends one claimed delivery and records its outcome: delivered, retried later, or dead. */
const createDelivery = (settings: Settings) => {
  const { queries, now, log, maxAttempts, random } = settings;
  return async (delivery: ClaimedDelivery): Promise<keyof EventRunResult> => {
    const details = {
      eventId: delivery.eventId,
      endpointId: delivery.endpointId,
      attempt: delivery.attempts,
    };
    const giveUp = async (error: string) => {
      await queries.markDead(delivery, error);
      log.error({ ...details, error }, 'event delivery dead: attempts used up');
      return 'dead' as const;
    };
    // Only a process that stopped mid-send leaves a delivery claimed past its last attempt.
    if (delivery.attempts > maxAttempts) return giveUp('no outcome recorded for the last attempt');
    try {
      await post(settings, delivery);
    } catch (cause) {
      const error = describeError(cause);
      if (delivery.attempts >= maxAttempts) return giveUp(error);
      const nextAttemptAt = now() + eventRetryDelayMs(delivery.attempts, random);
      await queries.markRetry(delivery, nextAttemptAt, error);
      log.warn({ ...details, nextAttemptAt, error }, 'event delivery failed; will retry');
      return 'retried';
    }
    if (!(await queries.markDelivered(delivery, now())))
      log.warn(details, 'event delivered after its claim expired');
    log.info(details, 'event delivered');
    return 'delivered';
  };
};

/**
 * Delivers the event outbox. Several hub processes may run one each on the same database: a
 * delivery is sent by the process whose claim won (storage/webhooks.ts claim); a crashed process's
 * claim expires after the lease and another process tries again.
 */
export const createEventWorker = (options: EventWorkerOptions): EventWorker => {
  const { now, log } = options;
  const queries = createWebhookQueries(options.database.db);
  const pollIntervalMs = options.pollIntervalMs ?? policy.webhookPollIntervalMs;
  const batchSize = options.batchSize ?? 20;
  const leaseMs = options.leaseMs ?? policy.webhookClaimLeaseMs;
  const deliver = createDelivery({
    queries,
    now,
    log,
    maxAttempts: options.maxAttempts ?? policy.webhookMaxAttempts,
    sendTimeoutMs: options.sendTimeoutMs ?? policy.webhookSendTimeoutMs,
    random: options.random ?? Math.random,
    fetch: options.fetch ?? fetch,
  });

  let moreDue = false;
  const runBatch = async (): Promise<EventRunResult> => {
    const startedAt = now();
    const due = await queries.findDue(startedAt, batchSize);
    moreDue = due.length === batchSize;
    const claimed: ClaimedDelivery[] = [];
    for (const row of due) {
      const delivery = await queries.claim(row.id, Number(row.next_attempt_at), startedAt + leaseMs);
      if (delivery) claimed.push(delivery);
    }
    const result: EventRunResult = { delivered: 0, retried: 0, dead: 0 };
    const outcomes = await Promise.allSettled(claimed.map(deliver));
    for (const [index, outcome] of outcomes.entries()) {
      const endpoint = claimed[index]?.endpointId ?? '';
      if (outcome.status === 'fulfilled') {
        result[outcome.value] += 1;
        options.onOutcome?.(endpoint, outcome.value);
      } else {
        log.error(
          { endpointId: endpoint, error: describeError(outcome.reason) },
          'event outcome not recorded',
        );
      }
    }
    return result;
  };

  let inFlight: Promise<EventRunResult> | undefined;
  const runExclusive = async (stillWanted: () => boolean): Promise<EventRunResult> => {
    while (inFlight) await inFlight.catch(() => undefined);
    if (!stillWanted()) return { delivered: 0, retried: 0, dead: 0 };
    const run = runBatch().finally(() => {
      inFlight = undefined;
    });
    inFlight = run;
    return run;
  };

  let started = false;
  let timer: NodeJS.Timeout | undefined;
  let loop: Promise<void> | undefined;
  const tick = () => {
    if (!started || loop) return;
    loop = (async () => {
      do {
        try {
          await runExclusive(() => started);
        } catch (error) {
          moreDue = false;
          log.error({ error: describeError(error) }, 'event worker run failed');
        }
      } while (moreDue && started);
    })().finally(() => {
      loop = undefined;
      if (!started) return;
      timer = setTimeout(tick, pollIntervalMs);
      timer.unref();
    });
  };

  return {
    start() {
      if (started) return;
      started = true;
      tick();
    },
    async stop() {
      started = false;
      clearTimeout(timer);
      await loop;
      while (inFlight) await inFlight.catch(() => undefined);
    },
    runOnce: () => runExclusive(() => true),
  };
};
