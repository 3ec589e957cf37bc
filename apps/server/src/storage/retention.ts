import { type Expression, type Kysely, type SqlBool, sql } from 'kysely';
import { DAY_MS, policy } from '../policy.js';
import { isPostgres } from './db.js';
import type { Database } from './schema.js';

/**
 * How long a row outlives its use. Expired flows, codes, ainfo tokens and sessions stay a day, so a
 * late request still gets "expired" rather than "not found" and an operator can look at yesterday's
 * trouble; nothing checks them afterwards (a token's replay check needs its row only until it expires).
 */
export const EXPIRED_GRACE_MS = policy.expiredGraceMs;
/** Sent and failed mail: the record that a message went out (its body is cleared when it is sent). */
export const MAIL_RETENTION_MS = policy.mailRetentionMs;
/** Delivered and dead webhook deliveries (their events go once none is left). */
export const WEBHOOK_RETENTION_MS = policy.webhookRetentionMs;
/** A retired signing key is unpublished minutes after retirement; its private half is then kept only this long. */
export const RETIRED_KEY_RETENTION_MS = policy.retiredKeyRetentionMs;
/** Rows per delete statement to begin with: each batch is its own short transaction, so no table is locked for long. */
export const RETENTION_BATCH_SIZE = 500;
/** The bounds of the batch size when it adapts to the time a batch takes (see runRetention). */
export const RETENTION_MIN_BATCH = 50;
export const RETENTION_MAX_BATCH = 5_000;
/** How long one batch may take, by default (`hub cleanup`); the in-process job asks for less. */
export const RETENTION_BATCH_TARGET_MS = 100;

export interface RetentionPolicy {
  /** Audit events older than this many days go; 0 keeps them for ever. */
  auditRetentionDays: number;
}

export interface RetentionOutcome {
  table: keyof Database;
  /** The rule, in words, for `hub cleanup` and the log. */
  rule: string;
  /** Rows deleted (or, on a dry run, that would be). */
  rows: number;
}

interface Rule {
  table: keyof Database;
  rule: string;
  count(): Promise<number>;
  /** Deletes up to `limit` rows; returns how many it did. */
  deleteBatch(limit: number): Promise<number>;
}

const countOf = (row: { n: string | number | bigint } | undefined) => Number(row?.n ?? 0);
const deletedOf = (result: { numDeletedRows: bigint }) => Number(result.numDeletedRows);

type InBatch = (key: string, subquery: Expression<unknown>) => Expression<SqlBool>;

/**
 * The rows of one batch: `key IN (subquery)` on SQLite, which looks each key up by its index; on
 * PostgreSQL `key = ANY(ARRAY(subquery))`, so the batch's keys are read first and each row is
 * found by its primary key. With `IN`, PostgreSQL may join the subquery against a sequential scan
 * of the whole table (a hash semi-join), which it chose for tables of tens of thousands of rows.
 */
const batchOf = (db: Kysely<Database>): InBatch => {
  const postgres = isPostgres(db);
  // A subquery renders in its own parentheses: `key in (select …)`, `any(array(select …))`.
  return (key, subquery) =>
    postgres
      ? sql<SqlBool>`${sql.ref(key)} = any(array${subquery})`
      : sql<SqlBool>`${sql.ref(key)} in ${subquery}`;
};

/** What sign-ins leave: codes (before their flows, so each is counted), flows, tokens, sessions. */
const signInRules = (db: Kysely<Database>, expiredBefore: number, inBatch: InBatch): Rule[] => {
  const codes = () => db.selectFrom('verification_codes').where('expires_at', '<', expiredBefore);
  const flows = () => db.selectFrom('flows').where('expires_at', '<', expiredBefore);
  const tokens = () => db.selectFrom('issued_tokens').where('expires_at', '<', expiredBefore);
  const sessions = () =>
    db
      .selectFrom('sessions')
      .where((eb) => eb.or([eb('expires_at', '<', expiredBefore), eb('revoked_at', '<', expiredBefore)]));
  return [
    {
      table: 'verification_codes',
      rule: 'a day after the code expired (the rest go with their flow)',
      count: async () =>
        countOf(
          await codes()
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirst(),
        ),
      deleteBatch: async (limit) =>
        deletedOf(
          await db
            .deleteFrom('verification_codes')
            .where(inBatch('id', codes().select('id').orderBy('expires_at').limit(limit)))
            .executeTakeFirst(),
        ),
    },
    {
      table: 'flows',
      rule: 'a day after the flow expired, with its codes',
      count: async () =>
        countOf(
          await flows()
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirst(),
        ),
      deleteBatch: async (limit) =>
        deletedOf(
          await db
            .deleteFrom('flows')
            .where(inBatch('id', flows().select('id').orderBy('expires_at').limit(limit)))
            .executeTakeFirst(),
        ),
    },
    {
      table: 'issued_tokens',
      rule: 'a day after the ainfo token expired',
      count: async () =>
        countOf(
          await tokens()
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirst(),
        ),
      deleteBatch: async (limit) =>
        deletedOf(
          await db
            .deleteFrom('issued_tokens')
            .where(inBatch('jti', tokens().select('jti').orderBy('expires_at').limit(limit)))
            .executeTakeFirst(),
        ),
    },
    {
      table: 'sessions',
      rule: 'a day after the session expired or was signed out',
      count: async () =>
        countOf(
          await sessions()
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirst(),
        ),
      // Two look-ups, each along its own index: an OR of the two would be read as a scan of the table.
      deleteBatch: async (limit) => {
        const expired = deletedOf(
          await db
            .deleteFrom('sessions')
            .where(
              inBatch(
                'id',
                db
                  .selectFrom('sessions')
                  .select('id')
                  .where('expires_at', '<', expiredBefore)
                  .orderBy('expires_at')
                  .limit(limit),
              ),
            )
            .executeTakeFirst(),
        );
        if (expired === limit) return expired;
        return (
          expired +
          deletedOf(
            await db
              .deleteFrom('sessions')
              .where(
                inBatch(
                  'id',
                  db
                    .selectFrom('sessions')
                    .select('id')
                    .where('revoked_at', '<', expiredBefore)
                    .orderBy('revoked_at')
                    .limit(limit - expired),
                ),
              )
              .executeTakeFirst(),
          )
        );
      },
    },
  ];
};

/** The rules of mail, signing keys, OpenID Connect rows and passkey challenges. */
const storeRules = (db: Kysely<Database>, now: number, expiredBefore: number, inBatch: InBatch): Rule[] => {
  const mail = () =>
    db
      .selectFrom('mail_outbox')
      .where('status', 'in', ['sent', 'failed'])
      .where('created_at', '<', now - MAIL_RETENTION_MS);
  const keys = () =>
    db
      .selectFrom('signing_keys')
      .where('retired_at', 'is not', null)
      .where('retired_at', '<', now - RETIRED_KEY_RETENTION_MS);
  const oidc = () => db.selectFrom('oidc_payloads').where('expires_at', '<', expiredBefore);
  const challenges = () => db.selectFrom('passkey_challenges').where('expires_at', '<', expiredBefore);
  return [
    {
      table: 'mail_outbox',
      rule: `sent or failed mail, ${MAIL_RETENTION_MS / DAY_MS} days after it was queued`,
      count: async () =>
        countOf(
          await mail()
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirst(),
        ),
      deleteBatch: async (limit) =>
        deletedOf(
          await db
            .deleteFrom('mail_outbox')
            .where(inBatch('id', mail().select('id').orderBy('created_at').limit(limit)))
            .executeTakeFirst(),
        ),
    },
    {
      table: 'signing_keys',
      rule: `a retired signing key, ${RETIRED_KEY_RETENTION_MS / DAY_MS} days after it stopped signing`,
      count: async () =>
        countOf(
          await keys()
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirst(),
        ),
      deleteBatch: async (limit) =>
        deletedOf(
          await db
            .deleteFrom('signing_keys')
            .where(inBatch('kid', keys().select('kid').limit(limit)))
            .executeTakeFirst(),
        ),
    },
    {
      table: 'oidc_payloads',
      rule: 'a day after the OpenID Connect session, grant, code or token expired',
      count: async () =>
        countOf(
          await oidc()
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirst(),
        ),
      // Rows are keyed by (model, id); ids are random, so selecting by id alone is enough to batch,
      // and the outer condition keeps a row of another model with the same id from going early.
      deleteBatch: async (limit) =>
        deletedOf(
          await db
            .deleteFrom('oidc_payloads')
            .where('expires_at', '<', expiredBefore)
            .where(inBatch('id', oidc().select('id').orderBy('expires_at').limit(limit)))
            .executeTakeFirst(),
        ),
    },
    {
      table: 'passkey_challenges',
      rule: 'a day after the passkey challenge expired unanswered',
      count: async () =>
        countOf(
          await challenges()
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirst(),
        ),
      deleteBatch: async (limit) =>
        deletedOf(
          await db
            .deleteFrom('passkey_challenges')
            .where(inBatch('id', challenges().select('id').orderBy('expires_at').limit(limit)))
            .executeTakeFirst(),
        ),
    },
  ];
};

/**
 * Webhook deliveries that are done (delivered, or dead after their attempts), then the events no
 * kept delivery is left for (a delete cascades to the event's deliveries): an event's payload names the account, and a pending delivery (a retry, a
 * redelivery) keeps it. `hub webhooks redeliver` has nothing to send again past this time.
 */
const webhookRules = (db: Kysely<Database>, now: number, inBatch: InBatch): Rule[] => {
  const before = now - WEBHOOK_RETENTION_MS;
  const deliveries = () =>
    db
      .selectFrom('webhook_deliveries')
      .where('status', 'in', ['delivered', 'dead'])
      .where('created_at', '<', before);
  const events = () =>
    db
      .selectFrom('webhook_events as e')
      .where('e.created_at', '<', before)
      // No delivery this cleanup keeps (one still pending, or too recent); its done ones go with it.
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('webhook_deliveries as d')
              .select('d.id')
              .whereRef('d.event_id', '=', 'e.id')
              .where((d) => d.or([d('d.status', '=', 'pending'), d('d.created_at', '>=', before)])),
          ),
        ),
      );
  return [
    {
      table: 'webhook_deliveries',
      rule: `delivered or dead webhook deliveries, ${WEBHOOK_RETENTION_MS / DAY_MS} days after they were queued`,
      count: async () =>
        countOf(
          await deliveries()
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirst(),
        ),
      deleteBatch: async (limit) =>
        deletedOf(
          await db
            .deleteFrom('webhook_deliveries')
            .where(inBatch('id', deliveries().select('id').orderBy('created_at').limit(limit)))
            .executeTakeFirst(),
        ),
    },
    {
      table: 'webhook_events',
      rule: `an event ${WEBHOOK_RETENTION_MS / DAY_MS} days old once no delivery of it is kept`,
      count: async () =>
        countOf(
          await events()
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirst(),
        ),
      deleteBatch: async (limit) =>
        deletedOf(
          await db
            .deleteFrom('webhook_events')
            .where(inBatch('id', events().select('e.id').orderBy('e.created_at').limit(limit)))
            .executeTakeFirst(),
        ),
    },
  ];
};

/** The cleanup's rules, in the order they run. */
const rulesAt = (db: Kysely<Database>, now: number, policy: RetentionPolicy): Rule[] => {
  const expiredBefore = now - EXPIRED_GRACE_MS;
  const inBatch = batchOf(db);
  const rules = [
    ...signInRules(db, expiredBefore, inBatch),
    ...storeRules(db, now, expiredBefore, inBatch),
    ...webhookRules(db, now, inBatch),
  ];
  if (policy.auditRetentionDays > 0) {
    const audit = () =>
      db.selectFrom('audit_events').where('at', '<', now - policy.auditRetentionDays * DAY_MS);
    rules.push({
      table: 'audit_events',
      rule: `older than ${policy.auditRetentionDays} days (AUDIT_RETENTION_DAYS)`,
      count: async () =>
        countOf(
          await audit()
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirst(),
        ),
      deleteBatch: async (limit) =>
        deletedOf(
          await db
            .deleteFrom('audit_events')
            .where(inBatch('id', audit().select('id').orderBy('at').limit(limit)))
            .executeTakeFirst(),
        ),
    });
  }
  return rules;
};

/**
 * Deletes what has outlived its use, table by table, in batches. Every batch look-up walks an index
 * in its order (`order by` the expiry column under the `limit`), so a batch costs the rows it deletes,
 * not a scan of the table, however few rows are due.
 *
 * The batch size adapts to the time a batch takes: it starts at `batchSize` and is halved after a
 * batch slower than `batchTargetMs`, doubled after one four times faster, within
 * RETENTION_MIN_BATCH..`maxBatchSize`. A `batchSize` given without `maxBatchSize` stays fixed (tests).
 * After each batch `rest` is awaited with the batch's duration (the job yields the event loop
 * there), then `keepGoing` is asked (the job renews its lease there and stops when the process
 * does); what is left is deleted by the next run. A dry run only counts.
 */
export const runRetention = async (
  db: Kysely<Database>,
  options: {
    now: number;
    policy: RetentionPolicy;
    dryRun?: boolean;
    batchSize?: number;
    maxBatchSize?: number;
    batchTargetMs?: number;
    rest?: (batchMs: number) => Promise<void>;
    keepGoing?: () => Promise<boolean>;
  },
): Promise<{ outcomes: RetentionOutcome[]; complete: boolean }> => {
  let size = options.batchSize ?? RETENTION_BATCH_SIZE;
  const maxSize =
    options.maxBatchSize ?? (options.batchSize === undefined ? RETENTION_MAX_BATCH : options.batchSize);
  const minSize = Math.min(RETENTION_MIN_BATCH, size);
  const targetMs = options.batchTargetMs ?? RETENTION_BATCH_TARGET_MS;
  const keepGoing = options.keepGoing ?? (async () => true);
  const outcomes: RetentionOutcome[] = [];
  let first = true;
  for (const rule of rulesAt(db, options.now, options.policy)) {
    const outcome = { table: rule.table, rule: rule.rule, rows: 0 };
    outcomes.push(outcome);
    if (options.dryRun) {
      outcome.rows = await rule.count();
      continue;
    }
    for (;;) {
      if (!first && !(await keepGoing())) return { outcomes, complete: false };
      first = false;
      const started = performance.now();
      const asked = size;
      const deleted = await rule.deleteBatch(asked);
      const took = performance.now() - started;
      outcome.rows += deleted;
      if (took > targetMs) size = Math.max(minSize, Math.floor(size / 2));
      else if (took * 4 < targetMs) size = Math.min(maxSize, size * 2);
      await options.rest?.(took);
      if (deleted < asked) break;
    }
  }
  return { outcomes, complete: true };
};
