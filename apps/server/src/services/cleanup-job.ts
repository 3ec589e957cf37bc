import { randomUUID } from 'node:crypto';
import type { HubDatabase } from '../storage/database.js';
import { createLeaseQueries } from '../storage/leases.js';
import { type RetentionOutcome, type RetentionPolicy, runRetention } from '../storage/retention.js';
import type { EndedSessions } from '../storage/sessions.js';
import { eraseDueAccounts } from './account-erasure.js';

export const CLEANUP_LEASE = 'cleanup';
/** How long after a process starts listening its first cleanup begins: never in the way of start-up. */
export const CLEANUP_START_DELAY_MS = 60_000;
/**
 * How long one of the job's batches may hold the database (and, on SQLite, whose driver answers
 * synchronously, the event loop): requests wait behind a batch at most about this long.
 */
export const CLEANUP_BATCH_TARGET_MS = 20;
/** The job's largest batch, reached only while batches stay well under the target. */
export const CLEANUP_MAX_BATCH = 2_000;

/**
 * Between two batches the job gives the event loop back for as long as the batch took (at least one
 * turn of it), so the cleanup takes at most about half of a process's time, however big its backlog.
 */
export const restAfterBatch = (batchMs: number) =>
  new Promise<void>((resolve) => {
    if (batchMs < 1) setImmediate(resolve);
    else setTimeout(resolve, Math.min(Math.ceil(batchMs), 1_000));
  });

/** The erasure's line in the cleanup's outcome (and `hub cleanup`'s table). */
export const ERASURE_RULE = 'erased seven days after the person asked for deletion';

interface CleanupLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

export interface CleanupJob {
  /**
   * Runs after `delayMs` (0: at once; main.ts waits CLEANUP_START_DELAY_MS after listening), then
   * every interval; a no-op when the interval is 0.
   */
  start(options?: { delayMs?: number }): void;
  /** Stops the timer, asks a run in flight to stop after its batch, and waits for it. */
  stop(): Promise<void>;
  /** One run if this process gets the lease: the rows deleted per table; undefined when another process holds it. */
  runOnce(): Promise<RetentionOutcome[] | undefined>;
}

/**
 * The in-process cleanup. Every hub process runs one; a lease row in the database lets one of them
 * at a time (on any machine) delete, at most once per interval: the lease lasts an interval and its
 * holder renews it between batches, so a process that dies mid-run is replaced an interval later.
 */
export const createCleanupJob = (options: {
  database: HubDatabase;
  now: () => number;
  intervalMs: number;
  policy: RetentionPolicy;
  log: CleanupLog;
  /** This process's lease holder id (random by default). */
  holder?: string;
  batchSize?: number;
  /** Told what each erasure's sessions ended, after its commit (app.ts: the single sign-out's announcement). */
  announceEnded?: (ended: EndedSessions) => Promise<void>;
}): CleanupJob => {
  const { database, now, intervalMs, policy, log } = options;
  const holder = options.holder ?? randomUUID();
  const leases = createLeaseQueries(database.db);
  let started = false;
  /** Set by stop(): a run in flight ends after its current batch. */
  let stopping = false;
  let timer: NodeJS.Timeout | undefined;
  let inFlight: Promise<void> | undefined;

  const run = async (): Promise<RetentionOutcome[] | undefined> => {
    const at = now();
    if (!(await leases.acquire(CLEANUP_LEASE, holder, at, at + intervalMs))) return undefined;
    const { outcomes, complete } = await runRetention(database.db, {
      now: at,
      policy,
      batchSize: options.batchSize,
      maxBatchSize: options.batchSize ?? CLEANUP_MAX_BATCH,
      batchTargetMs: CLEANUP_BATCH_TARGET_MS,
      rest: restAfterBatch,
      // Between batches: go on only while this process runs and still holds the lease.
      keepGoing: async () => !stopping && leases.renew(CLEANUP_LEASE, holder, now() + intervalMs),
    });
    // Accounts whose deletion is due (seven days after the person asked) are erased in the same run.
    if (complete)
      outcomes.push({
        table: 'accounts',
        rule: ERASURE_RULE,
        rows: await eraseDueAccounts(database.db, at, {
          rest: restAfterBatch,
          ...(options.announceEnded ? { announce: options.announceEnded } : {}),
        }),
      });
    const deleted = Object.fromEntries(outcomes.filter((o) => o.rows > 0).map((o) => [o.table, o.rows]));
    if (Object.keys(deleted).length > 0 || !complete)
      log.info({ deleted, complete }, complete ? 'cleanup deleted expired rows' : 'cleanup stopped early');
    return outcomes;
  };

  const runOnce = async () => {
    // Runs of one process never overlap (a slow run and the next tick).
    while (inFlight) await inFlight;
    const current = run();
    // The caller gets the failure; the marker only says when the run is over, and never rejects.
    const marker: Promise<void> = current
      .then(
        () => undefined,
        () => undefined,
      )
      .then(() => {
        if (inFlight === marker) inFlight = undefined;
      });
    inFlight = marker;
    return current;
  };

  const tick = async () => {
    try {
      await runOnce();
    } catch (error) {
      // A database fault: the next tick tries again; the server goes on serving.
      log.warn({ error: (error as Error).message }, 'cleanup run failed; will retry');
    }
    if (!started) return;
    timer = setTimeout(tick, intervalMs);
    timer.unref();
  };

  return {
    start({ delayMs = 0 } = {}) {
      if (started || intervalMs <= 0) return;
      started = true;
      stopping = false;
      if (delayMs <= 0) {
        void tick();
        return;
      }
      timer = setTimeout(tick, delayMs);
      timer.unref();
    },
    async stop() {
      started = false;
      stopping = true;
      clearTimeout(timer);
      while (inFlight) await inFlight;
    },
    runOnce,
  };
};
