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
  /**
   * What the command did, as data: printed as one JSON document on stdout when the command runs
   * with --json (its text lines then go to stderr); ignored otherwise. A secret goes in once, as a
   * field of its own.
   */
  result: (value: Record<string, unknown>) => void;
  /**
   * A secret shown once (a tool's credential, a signing secret): alone on its line in text; with
   * --json only the result's field carries it, so it is printed once there too.
   */
  secret: (text: string) => void;
}

/** How a command's output is written: text on stdout, or (--json) its result as JSON there. */
export interface OutputMode {
  json: boolean;
}

/** Opens DATABASE_URL, brings it to the latest migration, runs the command and closes it. */
export const withDatabase = async (
  config: Config,
  io: CliIo,
  command: (context: CommandContext) => Promise<number>,
  mode: OutputMode = { json: false },
): Promise<number> => {
  // No statement timeout: the pending migrations run first, and one may rightly take long.
  const database = openDatabase(config.databaseUrl, {
    log: cliLog(io),
    poolSize: 2,
    timeouts: { ...config.databaseTimeouts, statementMs: 0 },
  });
  try {
    await migrateToLatest(database);
    let result: Record<string, unknown> | undefined;
    const code = await command({
      config,
      database,
      now: io.now ?? Date.now,
      // With --json, stdout holds the JSON document alone: the text lines are messages (stderr).
      out: (text) => (mode.json ? io.err : io.out).write(`${text}\n`),
      err: (text) => io.err.write(`${text}\n`),
      secret: (text) => {
        if (!mode.json) io.out.write(`${text}\n`);
      },
      result: (value) => {
        result = { ...result, ...value };
      },
    });
    if (mode.json) io.out.write(`${JSON.stringify(result ?? {}, null, 2)}\n`);
    return code;
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
