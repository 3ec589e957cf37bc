import type { Config } from '../config.js';
import type { Checked } from '../services/registry-checks.js';
import { type HubDatabase, openDatabase } from '../storage/database.js';
import { migrateToLatest } from '../storage/migrate.js';
import { type CliIo, cliLog, usageError } from './io.js';

/** What a command that touches the tables gets: the database (migrated), its clock, its streams. */
export interface CommandContext {
  config: Config;
  database: HubDatabase;
  now: () => number;
  out: (text: string) => void;
  err: (text: string) => void;
}

/** Opens DATABASE_URL, brings it to the latest migration, runs the command and closes it. */
export const withDatabase = async (
  config: Config,
  io: CliIo,
  command: (context: CommandContext) => Promise<number>,
): Promise<number> => {
  // No statement timeout: the pending migrations run first, and one may rightly take long.
  const database = openDatabase(config.databaseUrl, {
    log: cliLog(io),
    poolSize: 2,
    timeouts: { ...config.databaseTimeouts, statementMs: 0 },
  });
  try {
    await migrateToLatest(database);
    return await command({
      config,
      database,
      now: io.now ?? Date.now,
      out: (text) => io.out.write(`${text}\n`),
      err: (text) => io.err.write(`${text}\n`),
    });
  } finally {
    await database.close();
  }
};

/** The value of a check, or a usage error (exit 64) carrying the check's reason. */
export const accepted = <T>(checked: Checked<T>): T => {
  if (!checked.ok) throw usageError(checked.problem);
  return checked.value;
};

/**
 * One subcommand: it parses its arguments first (a usage error never opens the database) and
 * returns what to run against the database.
 */
export type Subcommand = (args: string[]) => (context: CommandContext) => Promise<number>;
