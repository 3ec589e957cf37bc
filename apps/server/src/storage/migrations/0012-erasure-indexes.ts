import { type Kysely, type Migration, sql } from 'kysely';
import type { Dialect } from '../database.js';

/** The indexes this migration adds: table, index, column. */
const INDEXES = [
  // Foreign keys to accounts that no index led with: erasing one account (on delete cascade, and
  // the erasure's own statements) read each of these tables whole.
  ['flows', 'flows_account_idx', 'account_id'],
  ['issued_tokens', 'issued_tokens_account_idx', 'account_id'],
  ['tool_memberships', 'tool_memberships_account_idx', 'account_id'],
  ['referrals', 'referrals_referrer_idx', 'referrer_user_id'],
  // The erasure deletes the mail to the account's address.
  ['mail_outbox', 'mail_outbox_to_idx', 'to_address'],
  ['oidc_payloads', 'oidc_payloads_account_idx', 'account_id'],
] as const;

/**
 * What an account's erasure follows, by index (docs/data-retention.md "Deleted accounts"): every
 * foreign key to `accounts` now leads an index, and `oidc_payloads` gets the account it belongs to
 * in a column of its own (the adapter fills it from the payload's `accountId`, oidc/adapter.ts)
 * instead of a `payload LIKE '%…%'` over every OpenID Connect row. Existing rows are filled from
 * their JSON: the account of a session, grant, code or token, or of an interaction's session or
 * login result.
 */
export const erasureIndexesMigration = (dialect: Dialect): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('oidc_payloads').addColumn('account_id', 'text').execute();
    await (dialect === 'postgres'
      ? sql`update oidc_payloads set account_id = coalesce(
            payload::jsonb ->> 'accountId',
            payload::jsonb -> 'session' ->> 'accountId',
            payload::jsonb -> 'result' -> 'login' ->> 'accountId')
          where payload like '%"accountId"%'`
      : sql`update oidc_payloads set account_id = coalesce(
            json_extract(payload, '$.accountId'),
            json_extract(payload, '$.session.accountId'),
            json_extract(payload, '$.result.login.accountId'))
          where payload like '%"accountId"%'`
    ).execute(db);
    for (const [table, name, column] of INDEXES)
      await db.schema.createIndex(name).on(table).column(column).execute();
  },
  async down(db: Kysely<unknown>) {
    for (const [, name] of INDEXES) await db.schema.dropIndex(name).execute();
    await db.schema.alterTable('oidc_payloads').dropColumn('account_id').execute();
  },
});
