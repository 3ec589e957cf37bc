import type { Claim } from './storage/leased-outbox.js';

/**
 * The worker side of a leased outbox (storage/leased-outbox.ts), shared by the mail worker
 * (mail/worker.ts) and the event worker (events/worker.ts): each run finds due rows, claims them
 * one by one (a row another process claimed first is skipped), delivers the claimed ones in
 * parallel and records each outcome: done, retried later with backoff, or given up after its
 * attempts. Several hub processes may run one each on the same database: a row is sent by the
 * process whose claim won; a crashed process's claim expires after the lease and another retries.
 */

/**
 * The wait before the next try after `attempt` failed: `baseMs`, doubled with each attempt, capped at
 * `capMs`, plus up to 10 % jitter (so retries of many rows do not arrive together).
 */
export const backoffDelayMs = (
  attempt: number,
  { baseMs, capMs }: { baseMs: number; capMs: number },
  random: () => number = Math.random,
): number => {
  const base = Math.min(baseMs * 2 ** Math.max(0, attempt - 1), capMs);
  return Math.round(base * (1 + 0.1 * random()));
};

export interface LeasedLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

/** What a delivery ended as: the names each worker counts its runs in. */
export interface OutcomeNames<O extends string> {
  done: O;
  retried: O;
  givenUp: O;
}

/** The storage side: the table's claim queries (storage/leased-outbox.ts), named for this worker. */
export interface LeasedQueries<C extends Claim> {
  findDue: (now: number, limit: number) => Promise<{ id: string; next_attempt_at: number | string }[]>;
  claim: (id: string, seen: number, leaseUntil: number) => Promise<C | undefined>;
  markDone: (item: C, now: number) => Promise<boolean>;
  markRetry: (item: C, nextAttemptAt: number, error: string) => Promise<boolean>;
  markGivenUp: (item: C, error: string) => Promise<boolean>;
}

/** How one claimed row is delivered and its outcome recorded. */
interface DeliverySteps<C extends Claim, O extends string> {
  outcomes: OutcomeNames<O>;
  now: () => number;
  log: LeasedLog;
  queries: LeasedQueries<C>;
  maxAttempts: number;
  /** The wait before the next try after attempt `attempt` failed. */
  retryDelayMs: (attempt: number) => number;
  /** An error as one short line for `last_error` and the log. */
  describeError: (error: unknown) => string;
  /** Why this row cannot be sent at all (it is given up at once), if so. */
  unsendable?: (item: C) => string | undefined;
  send: (item: C) => Promise<void>;
  /** What the log lines say about the row. */
  details: (item: C) => object;
  messages: {
    givenUp: string;
    retry: string;
    lateDone: string;
    done: string;
    /** A delivery whose outcome could not be recorded: its claim expires and it is retried. */
    unrecorded: string;
    /** A run that failed (the database, mostly): the worker tries again at its next poll. */
    runFailed: string;
  };
}

/** Sends one claimed row and records its outcome: done, retried later, or given up for good. */
const createLeasedDelivery =
  <C extends Claim, O extends string>(steps: DeliverySteps<C, O>) =>
  async (item: C): Promise<O> => {
    const { log, outcomes, messages, queries } = steps;
    const details = steps.details(item);
    const giveUp = async (error: string) => {
      await queries.markGivenUp(item, error);
      log.error({ ...details, error }, messages.givenUp);
      return outcomes.givenUp;
    };
    // Only a process that stopped mid-send leaves a row claimed past its last attempt.
    if (item.attempts > steps.maxAttempts) return giveUp('no outcome recorded for the last attempt');
    const unsendable = steps.unsendable?.(item);
    if (unsendable) return giveUp(unsendable);
    try {
      await steps.send(item);
    } catch (cause) {
      const error = steps.describeError(cause);
      if (item.attempts >= steps.maxAttempts) return giveUp(error);
      const nextAttemptAt = steps.now() + steps.retryDelayMs(item.attempts);
      const claimHeld = await queries.markRetry(item, nextAttemptAt, error);
      log.warn({ ...details, nextAttemptAt, claimHeld, error }, messages.retry);
      return outcomes.retried;
    }
    if (!(await queries.markDone(item, steps.now()))) log.warn(details, messages.lateDone);
    log.info(details, messages.done);
    return outcomes.done;
  };

export interface LeasedWorkerOptions<C extends Claim, O extends string> extends DeliverySteps<C, O> {
  /** How often due rows are looked for without a nudge: retries, and rows a stopped process left. */
  pollIntervalMs: number;
  batchSize: number;
  /** How long a claim holds a row. Must outlast the longest send, or another process may send it too. */
  leaseMs: number;
  /** Told each recorded outcome (the metrics). */
  onOutcome?: (item: C, outcome: O) => void;
}

export interface LeasedWorker<O extends string> {
  start(): void;
  /** Stops polling and waits for a run in flight. */
  stop(): Promise<void>;
  /** Runs now (after the current run, if one is in flight). A no-op unless started. */
  nudge(): void;
  /** One run: claims due rows and delivers them. Runs never overlap. */
  runOnce(): Promise<Record<O, number>>;
}

/** A run's counts by outcome name, all zero. */
const noOutcomes = <O extends string>(names: OutcomeNames<O>) =>
  ({ [names.done]: 0, [names.retried]: 0, [names.givenUp]: 0 }) as Record<O, number>;

/** Delivers a leased outbox: polling, nudges, and runs that never overlap. */
export const createLeasedWorker = <C extends Claim, O extends string>(
  options: LeasedWorkerOptions<C, O>,
): LeasedWorker<O> => {
  const { now, batchSize, leaseMs, queries, log, describeError, messages } = options;
  const deliver = createLeasedDelivery(options);

  /** Set by a run that found a full batch: more may be due, so the loop goes on without waiting. */
  let moreDue = false;
  const runBatch = async (): Promise<Record<O, number>> => {
    moreDue = false;
    const startedAt = now();
    const due = await queries.findDue(startedAt, batchSize);
    moreDue = due.length === batchSize;
    const claimed: C[] = [];
    for (const row of due) {
      const item = await queries.claim(row.id, Number(row.next_attempt_at), startedAt + leaseMs);
      if (item) claimed.push(item);
    }
    // allSettled: the run ends only when every delivery has, even if recording one outcome failed.
    const outcomes = await Promise.allSettled(claimed.map(deliver));
    const result = noOutcomes(options.outcomes);
    for (const [index, outcome] of outcomes.entries()) {
      if (outcome.status === 'fulfilled') {
        result[outcome.value] += 1;
        options.onOutcome?.(claimed[index]!, outcome.value);
      } else {
        const details = claimed[index] ? options.details(claimed[index]) : {};
        log.error({ ...details, error: describeError(outcome.reason) }, messages.unrecorded);
      }
    }
    return result;
  };

  let inFlight: Promise<Record<O, number>> | undefined;
  const runExclusive = async (stillWanted: () => boolean): Promise<Record<O, number>> => {
    // Check and claim `inFlight` in one synchronous step, so two callers never both start.
    while (inFlight) await inFlight.catch(() => undefined);
    if (!stillWanted()) return noOutcomes(options.outcomes);
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
          moreDue = false;
          log.error({ error: describeError(error) }, messages.runFailed);
        }
      } while ((again || moreDue) && started);
    })().finally(() => {
      loop = undefined;
      if (!started) return;
      timer = setTimeout(tick, options.pollIntervalMs);
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
