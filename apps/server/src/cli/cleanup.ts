import { eraseDueAccounts } from '../services/account-erasure.js';
import { ERASURE_RULE } from '../services/cleanup-job.js';
import { announceEndedSessions } from '../sso/session-end.js';
import { runRetention } from '../storage/retention.js';
import { hubOf } from './console-context.js';
import type { CommandContext, Subcommand } from './context.js';
import { parseCommand, table } from './io.js';

export const cleanupUsage = `Usage: hub cleanup [--dry-run]

Deletes what has outlived its use, in small batches: expired flows and their codes, ainfo tokens
and sessions a day after they expired (or were signed out), sent or failed mail after 30 days,
retired signing keys after 7 days, audit events older than AUDIT_RETENTION_DAYS (0 keeps them), and
accounts whose deletion is due (seven days after the person asked; their audit rows stay, pseudonymised).
Prints the rows deleted per table. --dry-run only counts them. --json prints them as one JSON
document ({ dryRun, tables: [{ table, rows, rule }] }).

The hub runs the same cleanup itself every CLEANUP_INTERVAL_MINUTES; running both at once is safe.`;

/** `cleanup [--dry-run]` */
export const cleanup: Subcommand = (args) => {
  const { values } = parseCommand(args, { 'dry-run': { type: 'boolean' } }, []);
  const dryRun = values['dry-run'] ?? false;
  return async (context: CommandContext) => {
    const { config, database, now, out, result } = context;
    const hub = hubOf(context);
    const { outcomes } = await runRetention(database.db, {
      now: now(),
      policy: { auditRetentionDays: config.auditRetentionDays },
      dryRun,
    });
    outcomes.push({
      table: 'accounts',
      rule: ERASURE_RULE,
      // The erasure ends the account's last sessions; their OpenID Connect clients are told.
      rows: await eraseDueAccounts(database.db, now(), {
        dryRun,
        announce: async (ended) => {
          await announceEndedSessions(hub, ended);
        },
      }),
    });
    out(
      table([
        ['table', dryRun ? 'would delete' : 'deleted', 'rule'],
        ...outcomes.map((o) => [o.table, String(o.rows), o.rule]),
      ]),
    );
    result({ dryRun, tables: outcomes.map(({ table, rows, rule }) => ({ table, rows, rule })) });
    if (config.auditRetentionDays === 0) out('audit_events are kept for ever (AUDIT_RETENTION_DAYS=0).');
    if (dryRun) out('Dry run: nothing was deleted.');
    return 0;
  };
};
