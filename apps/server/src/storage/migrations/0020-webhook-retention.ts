import type { Kysely, Migration } from 'kysely';

/**
 * The cleanup's rule for webhook deliveries (storage/retention.ts, docs/data-retention.md): delivered
 * and dead deliveries go `policy.webhookRetentionMs` after they were queued, in batches that walk
 * this index in `created_at` order (as `mail_outbox_created_idx` for mail). Their events go once no
 * delivery is left, by `webhook_events_created_idx` and `webhook_deliveries_event_idx` (0015).
 */
export const webhookRetentionMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createIndex('webhook_deliveries_created_idx')
      .on('webhook_deliveries')
      .column('created_at')
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('webhook_deliveries_created_idx').execute();
  },
};
