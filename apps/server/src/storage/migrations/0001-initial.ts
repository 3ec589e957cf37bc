import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * The first schema, holding what every flow of the product needs so later work fits in:
 * accounts and their identifiers, platform memberships and links, server-side flows and codes,
 * sessions, the tool registry, referrals, profiles, the mail outbox, the audit log and the
 * signing keys with the tokens they issued.
 */
export const initialMigration = (dialect: Dialect): Migration => ({
  async up(db: Kysely<unknown>) {
    const s = db.schema;
    const time = 'bigint' as const;

    await s
      .createTable('accounts')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('email', 'text')
      .addColumn('email_normalized', 'text', (c) => c.unique())
      .addColumn('mobile_num', 'text', (c) => c.unique())
      .addColumn('username', 'text')
      .addColumn('username_normalized', 'text', (c) => c.unique())
      .addColumn('password_hash', 'text')
      .addColumn('home_platform', 'text', (c) => c.notNull())
      .addColumn('user_type', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('u_type', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('verified', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', time, (c) => c.notNull())
      .addColumn('updated_at', time, (c) => c.notNull())
      .addColumn('password_changed_at', time)
      .addColumn('failed_password_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('password_blocked_until', time)
      .execute();

    await s
      .createTable('platform_memberships')
      .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
      .addColumn('platform', 'text', (c) => c.notNull())
      .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('linked_at', time, (c) => c.notNull())
      .addPrimaryKeyConstraint('platform_memberships_pk', ['account_id', 'platform'])
      .execute();

    await s
      .createTable('account_links')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('parent_account_id', 'text', (c) =>
        c.notNull().references('accounts.id').onDelete('cascade'),
      )
      .addColumn('child_account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('created_at', time, (c) => c.notNull())
      .addUniqueConstraint('account_links_child_kind_uq', ['child_account_id', 'kind'])
      .execute();
    await s.createIndex('account_links_parent_idx').on('account_links').column('parent_account_id').execute();

    await s
      .createTable('flows')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('platform', 'text', (c) => c.notNull())
      .addColumn('account_id', 'text', (c) => c.references('accounts.id').onDelete('cascade'))
      .addColumn('identifier', 'text')
      .addColumn('identifier_kind', 'text')
      .addColumn('context', 'text', (c) => c.notNull().defaultTo('{}'))
      .addColumn('binding_hash', 'text', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('expires_at', time, (c) => c.notNull())
      .addColumn('created_at', time, (c) => c.notNull())
      .addColumn('updated_at', time, (c) => c.notNull())
      .execute();
    await s.createIndex('flows_expires_idx').on('flows').column('expires_at').execute();

    await s
      .createTable('verification_codes')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('flow_id', 'text', (c) => c.notNull().references('flows.id').onDelete('cascade'))
      .addColumn('purpose', 'text', (c) => c.notNull())
      .addColumn('code_hash', 'text', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('expires_at', time, (c) => c.notNull())
      .addColumn('consumed_at', time)
      .addColumn('created_at', time, (c) => c.notNull())
      .execute();
    await s.createIndex('verification_codes_flow_idx').on('verification_codes').column('flow_id').execute();

    await s
      .createTable('sessions')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
      .addColumn('platform', 'text', (c) => c.notNull())
      .addColumn('auth_method', 'text', (c) => c.notNull())
      .addColumn('ip', 'text')
      .addColumn('user_agent', 'text')
      .addColumn('created_at', time, (c) => c.notNull())
      .addColumn('last_seen_at', time, (c) => c.notNull())
      .addColumn('expires_at', time, (c) => c.notNull())
      .addColumn('revoked_at', time)
      .execute();
    await s.createIndex('sessions_account_idx').on('sessions').column('account_id').execute();

    await s
      .createTable('tools')
      .addColumn('tid', 'integer', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('type', 'integer', (c) => c.notNull())
      .addColumn('logo', 'text')
      .addColumn('path_prefix', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('credential_hash', 'text')
      .addColumn('created_at', time, (c) => c.notNull())
      .addColumn('updated_at', time, (c) => c.notNull())
      .execute();

    await s
      .createTable('tool_keys')
      .addColumn('tsa_key', 'text', (c) => c.primaryKey())
      .addColumn('tid', 'integer', (c) => c.notNull().references('tools.tid').onDelete('cascade'))
      .addColumn('created_at', time, (c) => c.notNull())
      .execute();

    await s
      .createTable('tool_callbacks')
      .addColumn('tid', 'integer', (c) => c.notNull().references('tools.tid').onDelete('cascade'))
      .addColumn('env', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('url', 'text', (c) => c.notNull())
      .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
      .addPrimaryKeyConstraint('tool_callbacks_pk', ['tid', 'env', 'name'])
      .execute();

    await s
      .createTable('tool_memberships')
      .addColumn('tid', 'integer', (c) => c.notNull().references('tools.tid').onDelete('cascade'))
      .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
      .addColumn('created_at', time, (c) => c.notNull())
      .addPrimaryKeyConstraint('tool_memberships_pk', ['tid', 'account_id'])
      .execute();

    await s
      .createTable('referrals')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('tool', 'integer', (c) => c.notNull())
      .addColumn('referrer_user_id', 'text', (c) => c.notNull())
      .addColumn('referred_user_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
      .addColumn('referred_from', 'integer', (c) => c.notNull())
      .addColumn('created_at', time, (c) => c.notNull())
      .addUniqueConstraint('referrals_referred_tool_uq', ['referred_user_id', 'tool'])
      .execute();

    await s
      .createTable('profiles')
      .addColumn('account_id', 'text', (c) => c.primaryKey().references('accounts.id').onDelete('cascade'))
      .addColumn('first_name', 'text', (c) => c.notNull())
      .addColumn('last_name', 'text', (c) => c.notNull())
      .addColumn('middle_name', 'text')
      .addColumn('suffix', 'text')
      .addColumn('contact_info', 'text', (c) => c.notNull().defaultTo('{}'))
      .addColumn('other_info', 'text', (c) => c.notNull().defaultTo('{}'))
      .addColumn('profile', 'text', (c) => c.notNull().defaultTo('{}'))
      .addColumn('created_at', time, (c) => c.notNull())
      .execute();

    await s
      .createTable('mail_outbox')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('to_address', 'text', (c) => c.notNull())
      .addColumn('subject', 'text', (c) => c.notNull())
      .addColumn('text_body', 'text')
      .addColumn('html_body', 'text')
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('next_attempt_at', time, (c) => c.notNull())
      .addColumn('last_error', 'text')
      .addColumn('created_at', time, (c) => c.notNull())
      .addColumn('sent_at', time)
      .execute();
    await s
      .createIndex('mail_outbox_due_idx')
      .on('mail_outbox')
      .columns(['status', 'next_attempt_at'])
      .execute();

    await s
      .createTable('audit_events')
      .addColumn('id', dialect === 'postgres' ? 'bigserial' : 'integer', (c) =>
        dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
      )
      .addColumn('at', time, (c) => c.notNull())
      .addColumn('event', 'text', (c) => c.notNull())
      .addColumn('outcome', 'text', (c) => c.notNull())
      .addColumn('account_id', 'text')
      .addColumn('ip', 'text')
      .addColumn('detail', 'text', (c) => c.notNull().defaultTo('{}'))
      .execute();
    await s
      .createIndex('audit_events_account_idx')
      .on('audit_events')
      .columns(['account_id', 'at'])
      .execute();

    await s
      .createTable('signing_keys')
      .addColumn('kid', 'text', (c) => c.primaryKey())
      .addColumn('alg', 'text', (c) => c.notNull())
      .addColumn('private_jwk', 'text', (c) => c.notNull())
      .addColumn('public_jwk', 'text', (c) => c.notNull())
      .addColumn('created_at', time, (c) => c.notNull())
      .addColumn('retired_at', time)
      .execute();

    await s
      .createTable('issued_tokens')
      .addColumn('jti', 'text', (c) => c.primaryKey())
      .addColumn('tid', 'integer', (c) => c.notNull())
      .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
      .addColumn('expires_at', time, (c) => c.notNull())
      .addColumn('redeemed_at', time)
      .execute();
  },

  async down(db: Kysely<unknown>) {
    const tables = [
      'issued_tokens',
      'signing_keys',
      'audit_events',
      'mail_outbox',
      'profiles',
      'referrals',
      'tool_memberships',
      'tool_callbacks',
      'tool_keys',
      'tools',
      'sessions',
      'verification_codes',
      'flows',
      'account_links',
      'platform_memberships',
      'accounts',
    ];
    for (const table of tables) await db.schema.dropTable(table).ifExists().execute();
  },
});
