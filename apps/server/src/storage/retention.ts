import type { Kysely } from 'kysely';
import { DAY_MS, policy } from '../policy.js';
import type { Database } from './schema.js';

/**
 * How long a row outlives its use. Expired flows, codes, ainfo tokens and sessions stay a day, so a
 * late request still gets "expired" rather than "not found" and an operator can look at yesterday's
 * trouble; nothing checks them afterwards (a token's replay check needs its row only until it expires).
 */
export const EXPIRED_GRACE_MS = policy.expiredGraceMs;
/** Sent and failed mail: the record that a message went out (its body is cleared when it is sent). */
export const MAIL_RETENTION_MS = policy.mailRetentionMs;
/** A retired signing key is unpublished minutes after retirement; its private half is then kept only this long. */
export const RETIRED_KEY_RETENTION_MS = policy.retiredKeyRetentionMs;
/** Rows per delete statement: each batch is its own short transaction, so no table is locked for long. */
export const RETENTION_BATCH_SIZE = 500;

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

/** What sign-ins leave: codes (before their flows, so each is counted), flows, tokens, sessions. */
const signInRules = (db: Kysely<Database>, expiredBefore: number): Rule[] => {
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
            .where('id', 'in', codes().select('id').limit(limit))
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
            .where('id', 'in', flows().select('id').limit(limit))
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
            .where('jti', 'in', tokens().select('jti').limit(limit))
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
      deleteBatch: async (limit) =>
        deletedOf(
          await db
            .deleteFrom('sessions')
            .where('id', 'in', sessions().select('id').limit(limit))
            .executeTakeFirst(),
        ),
    },
  ];
};

/** The rules of mail, signing keys, OpenID Connect rows and passkey challenges. */
const storeRules = (db: Kysely<Database>, now: number, expiredBefore: number): Rule[] => {
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
            .where('id', 'in', mail().select('id').limit(limit))
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
            .where('kid', 'in', keys().select('kid').limit(limit))
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
            .where('id', 'in', oidc().select('id').limit(limit))
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
            .where('id', 'in', challenges().select('id').limit(limit))
            .executeTakeFirst(),
        ),
    },
  ];
};

/** The cleanup's rules, in the order they run (codes before their flows, so each is counted). */
const rulesAt = (db: Kysely<Database>, now: number, policy: RetentionPolicy): Rule[] => {
  const expiredBefore = now - EXPIRED_GRACE_MS;
  const rules = [...signInRules(db, expiredBefore), ...storeRules(db, now, expiredBefore)];
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
            .where('id', 'in', audit().select('id').limit(limit))
            .executeTakeFirst(),
        ),
    });
  }
  return rules;
};

/**
 * Deletes what has outlived its use, table by table, in batches of `batchSize` rows. Before each
 * batch after the first it asks `keepGoing` (the job renews its lease there and stops when the
 * process does); what is left is deleted by the next run. A dry run only counts.
 */
export const runRetention = async (
  db: Kysely<Database>,
  options: {
    now: number;
    policy: RetentionPolicy;
    dryRun?: boolean;
    batchSize?: number;
    keepGoing?: () => Promise<boolean>;
  },
): Promise<{ outcomes: RetentionOutcome[]; complete: boolean }> => {
  const batchSize = options.batchSize ?? RETENTION_BATCH_SIZE;
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
      const deleted = await rule.deleteBatch(batchSize);
      outcome.rows += deleted;
      if (deleted < batchSize) break;
    }
  }
  return { outcomes, complete: true };
};
