import { policy } from '../policy.js';
import { mailDeliveries, observeMailDelivery } from '../services/metrics.js';
import type { HubDatabase } from '../storage/database.js';
import { type ClaimedMail, createOutboxQueries } from '../storage/outbox.js';
import type { MailLog, MailTransport } from './transport.js';

export interface MailWorkerOptions {
  database: HubDatabase;
  transport: MailTransport;
  /** The From header (config.mailFrom). */
  from: string;
  now: () => number;
  log: MailLog;
  /** How often due rows are looked for without a nudge: retries, and rows a stopped process left. */
  pollIntervalMs?: number;
  batchSize?: number;
  /** Attempts before a mail is marked failed for good. */
  maxAttempts?: number;
  /** How long a claim holds a row. Must outlast the longest send, or another process may send it too. */
  leaseMs?: number;
  /** A send that takes longer counts as a failed attempt (well under `leaseMs`). */
  sendTimeoutMs?: number;
  /** Source of the backoff jitter, in [0, 1). */
  random?: () => number;
}

export interface RunResult {
  sent: number;
  retried: number;
  failed: number;
}

export interface MailWorker {
  start(): void;
  /** Stops polling and waits for a run in flight. */
  stop(): Promise<void>;
  /** Runs now (after the current run, if one is in flight). A no-op unless started. */
  nudge(): void;
  /** One run: claims due rows and sends them. Runs never overlap. */
  runOnce(): Promise<RunResult>;
}

const RETRY_BASE_MS = policy.mailRetryBaseMs;
const RETRY_CAP_MS = policy.mailRetryCapMs;

/** Delay before the next try after `attempt` failed: 5 s, 10 s, 20 s … capped at 15 min, plus up to 10 % jitter. */
export const retryDelayMs = (attempt: number, random: () => number = Math.random): number => {
  const base = Math.min(RETRY_BASE_MS * 2 ** Math.max(0, attempt - 1), RETRY_CAP_MS);
  return Math.round(base * (1 + 0.1 * random()));
};

/** An error as one short line for `last_error` and the log: never a mail body. */
const describeError = (error: unknown): string => {
  const text = error instanceof Error ? error.message : String(error);
  return text.replace(/\s+/g, ' ').trim().slice(0, 500) || 'unknown error';
};

const withTimeout = <T>(work: Promise<T>, ms: number): Promise<T> => {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`send timed out after ${ms} ms`)), ms);
    timer.unref();
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
};

interface DeliverySettings {
  queries: ReturnType<typeof createOutboxQueries>;
  transport: MailTransport;
  from: string;
  now: () => number;
  log: MailLog;
  maxAttempts: number;
  sendTimeoutMs: number;
  random: () => number;
}

/** Sends one claimed mail and records its outcome: sent, retried later, or failed for good. */
const createDelivery = (settings: DeliverySettings) => {
  const { queries, transport, now, log, maxAttempts, sendTimeoutMs, random } = settings;
  return async (mail: ClaimedMail): Promise<keyof RunResult> => {
    const details = { mailId: mail.id, attempt: mail.attempts };
    const giveUp = async (error: string) => {
      await queries.markFailed(mail, error);
      log.error({ ...details, error }, 'mail delivery failed for good');
      return 'failed' as const;
    };
    // Only a process that stopped mid-send leaves a row claimed past its last attempt.
    if (mail.attempts > maxAttempts) return giveUp('no outcome recorded for the last attempt');
    if (mail.text === null || mail.html === null) return giveUp('message body missing');
    try {
      const message = {
        from: settings.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
      };
      await withTimeout(transport.send(message), sendTimeoutMs);
    } catch (cause) {
      const error = describeError(cause);
      if (mail.attempts >= maxAttempts) return giveUp(error);
      const nextAttemptAt = now() + retryDelayMs(mail.attempts, random);
      const claimHeld = await queries.markRetry(mail, nextAttemptAt, error);
      log.warn({ ...details, nextAttemptAt, claimHeld, error }, 'mail delivery failed; will retry');
      return 'retried';
    }
    const sentAt = now();
    if (!(await queries.markSent(mail, sentAt))) log.warn(details, 'mail sent after its claim expired');
    observeMailDelivery(sentAt - mail.createdAt);
    log.info(details, 'mail sent');
    return 'sent';
  };
};

/** A run's counts; an outcome that could not be recorded is logged (its claim expires, it is retried). */
const tally = (
  claimed: ClaimedMail[],
  outcomes: PromiseSettledResult<keyof RunResult>[],
  log: MailLog,
): RunResult => {
  const result: RunResult = { sent: 0, retried: 0, failed: 0 };
  for (const [index, outcome] of outcomes.entries()) {
    if (outcome.status === 'fulfilled') {
      result[outcome.value] += 1;
      mailDeliveries.inc({ outcome: outcome.value });
    } else {
      const details = { mailId: claimed[index]?.id, error: describeError(outcome.reason) };
      log.error(details, 'mail outcome not recorded; the claim will expire and the mail be retried');
    }
  }
  return result;
};

/**
 * Delivers the outbox. Several hub processes may run one each on the same database: a row is
 * sent by the process whose claim won; a crashed process's claim expires and another retries.
 */
export const createMailWorker = (options: MailWorkerOptions): MailWorker => {
  const { transport, now, log } = options;
  const queries = createOutboxQueries(options.database.db);
  const pollIntervalMs = options.pollIntervalMs ?? policy.mailPollIntervalMs;
  const batchSize = options.batchSize ?? 20;
  const maxAttempts = options.maxAttempts ?? policy.mailMaxAttempts;
  const leaseMs = options.leaseMs ?? policy.mailClaimLeaseMs;
  const sendTimeoutMs = options.sendTimeoutMs ?? policy.mailSendTimeoutMs;
  const random = options.random ?? Math.random;

  const deliver = createDelivery({
    queries,
    transport,
    from: options.from,
    now,
    log,
    maxAttempts,
    sendTimeoutMs,
    random,
  });

  /** Set by a run that found a full batch: more may be due, so the loop goes on without waiting. */
  let moreDue = false;
  const runBatch = async (): Promise<RunResult> => {
    moreDue = false;
    const startedAt = now();
    const due = await queries.findDue(startedAt, batchSize);
    moreDue = due.length === batchSize;
    const claimed: ClaimedMail[] = [];
    for (const row of due) {
      const mail = await queries.claim(row.id, row.next_attempt_at, startedAt + leaseMs);
      if (mail) claimed.push(mail);
    }
    // allSettled: the run ends only when every delivery has, even if recording one outcome failed.
    return tally(claimed, await Promise.allSettled(claimed.map(deliver)), log);
  };

  const idle: RunResult = { sent: 0, retried: 0, failed: 0 };
  let inFlight: Promise<RunResult> | undefined;
  const runExclusive = async (stillWanted: () => boolean): Promise<RunResult> => {
    // Check and claim `inFlight` in one synchronous step, so two callers never both start.
    while (inFlight) await inFlight.catch(() => undefined);
    if (!stillWanted()) return { ...idle };
    const run = runBatch().finally(() => {
      inFlight = undefined;
    });
    inFlight = run;
    return run;
  };

  let started = false;
  let timer: NodeJS.Timeout | undefined;
  let loop: Promise<void> | undefined;
  let again = false;
  const tick = () => {
    if (!started) return;
    if (loop) {
      again = true;
      return;
    }
    clearTimeout(timer);
    loop = (async () => {
      do {
        again = false;
        try {
          await runExclusive(() => started);
        } catch (error) {
          log.error({ error: describeError(error) }, 'mail worker run failed');
        }
      } while ((again || moreDue) && started);
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
    nudge: tick,
    runOnce: () => runExclusive(() => true),
  };
};
