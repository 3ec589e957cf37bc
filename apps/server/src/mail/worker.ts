import { backoffDelayMs, createLeasedWorker } from '../leased-worker.js';
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

/** Delay before the next try after `attempt` failed: 5 s, 10 s, 20 s … capped at 15 min, plus up to 10 % jitter. */
export const retryDelayMs = (attempt: number, random: () => number = Math.random): number =>
  backoffDelayMs(attempt, { baseMs: policy.mailRetryBaseMs, capMs: policy.mailRetryCapMs }, random);

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

/**
 * Delivers the outbox through the leased worker (leased-worker.ts). Several hub processes may run
 * one each on the same database: a row is sent by the process whose claim won; a crashed
 * process's claim expires and another retries.
 */
export const createMailWorker = (options: MailWorkerOptions): MailWorker => {
  const { transport, now, log } = options;
  const queries = createOutboxQueries(options.database.db);
  const sendTimeoutMs = options.sendTimeoutMs ?? policy.mailSendTimeoutMs;
  const random = options.random ?? Math.random;

  return createLeasedWorker<ClaimedMail, keyof RunResult>({
    outcomes: { done: 'sent', retried: 'retried', givenUp: 'failed' },
    now,
    log,
    queries: { ...queries, markDone: queries.markSent, markGivenUp: queries.markFailed },
    pollIntervalMs: options.pollIntervalMs ?? policy.mailPollIntervalMs,
    batchSize: options.batchSize ?? 20,
    leaseMs: options.leaseMs ?? policy.mailClaimLeaseMs,
    maxAttempts: options.maxAttempts ?? policy.mailMaxAttempts,
    retryDelayMs: (attempt) => retryDelayMs(attempt, random),
    describeError,
    unsendable: (mail) => (mail.text === null || mail.html === null ? 'message body missing' : undefined),
    send: (mail) =>
      withTimeout(
        transport.send({
          from: options.from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text!,
          html: mail.html!,
        }),
        sendTimeoutMs,
      ),
    details: (mail) => ({ mailId: mail.id, attempt: mail.attempts }),
    messages: {
      givenUp: 'mail delivery failed for good',
      retry: 'mail delivery failed; will retry',
      lateDone: 'mail sent after its claim expired',
      done: 'mail sent',
      unrecorded: 'mail outcome not recorded; the claim will expire and the mail be retried',
      runFailed: 'mail worker run failed',
    },
    onOutcome: (mail, outcome) => {
      mailDeliveries.inc({ outcome });
      // The console's overview: from queued to sent.
      if (outcome === 'sent') observeMailDelivery(now() - mail.createdAt);
    },
  });
};
