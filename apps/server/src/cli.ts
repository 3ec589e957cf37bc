import { accountSubcommands, accountsUsage } from './cli/accounts.js';
import { cleanup, cleanupUsage } from './cli/cleanup.js';
import { clientSubcommands, clientsUsage } from './cli/clients.js';
import { type Subcommand, withDatabase } from './cli/context.js';
import { CliError, type CliIo, cliLog, EXIT } from './cli/io.js';
import { keySubcommands, keysUsage } from './cli/keys.js';
import { operatorSubcommands, operatorsUsage } from './cli/operators.js';
import { toolSubcommands, toolsUsage } from './cli/tools.js';
import { webhookSubcommands, webhooksUsage } from './cli/webhooks.js';
import { ConfigError, loadConfig } from './config.js';
import { describeDatabaseFailure } from './storage/connection-failure.js';
import { openDatabase } from './storage/database.js';
import { migrateToLatest } from './storage/migrate.js';

export type { CliIo } from './cli/io.js';

const usage = `Usage: hub <command>

Commands:
  migrate                 apply pending database migrations (DATABASE_URL)
  tools <subcommand>      the tool registry: add, list, show, update, set-callback,
                          remove-callback, add-key, remove-key, rotate-credential,
                          add-member, remove-member, members, remove
                          (hub tools help)
  clients <subcommand>    OpenID Connect clients: add, list, show, rotate-secret, remove
                          (hub clients help)
  webhooks <subcommand>   endpoints that receive events: add, list, remove, redeliver,
                          stats (hub webhooks help)
  keys rotate | list | rewrap
                          the keys that sign ainfo, and their encryption (hub keys help)
  operators grant | revoke | list
                          who may enter the operator console (/admin), and with which
                          role (hub operators help)
  accounts find | show | lock | unlock | end-sessions | reset-factors | delete
                          find an account and act on it, each action audited with its
                          reason (hub accounts help)
  cleanup [--dry-run]     delete expired flows, codes, tokens, sessions, old mail and
                          audit events (hub cleanup --help)
  help                    show this help

Every command reads the same environment as the server (DATABASE_URL first of all), and takes
--json: its result as one JSON document on stdout (messages go to stderr; a secret is a field).`;

interface Group {
  usage: string;
  subcommands: Record<string, Subcommand>;
}

const groups: Record<string, Group> = {
  tools: { usage: toolsUsage, subcommands: toolSubcommands },
  keys: { usage: keysUsage, subcommands: keySubcommands },
  clients: { usage: clientsUsage, subcommands: clientSubcommands },
  webhooks: { usage: webhooksUsage, subcommands: webhookSubcommands },
  operators: { usage: operatorsUsage, subcommands: operatorSubcommands },
  accounts: { usage: accountsUsage, subcommands: accountSubcommands },
};

const isHelp = (word: string | undefined) => word === 'help' || word === '--help' || word === '-h';

/** The operator CLI (`npx hub …`). Returns the process exit code. */
export const runCli = async (
  argv: string[],
  io: CliIo = { out: process.stdout, err: process.stderr, env: process.env },
): Promise<number> => {
  const { out, err } = io;
  const [command, ...rest] = argv;
  if (!command || isHelp(command)) {
    out.write(`${usage}\n`);
    return command ? EXIT.ok : EXIT.usage;
  }
  if (command === 'migrate') return runMigrate(rest, io);
  if (command === 'cleanup') {
    if (isHelp(rest[0])) {
      out.write(`${cleanupUsage}\n`);
      return EXIT.ok;
    }
    return execute('cleanup', cleanup, rest, io);
  }
  const group = Object.hasOwn(groups, command) ? groups[command] : undefined;
  if (!group) {
    err.write(`Unknown command: ${command}\n\n${usage}\n`);
    return EXIT.usage;
  }
  const [name, ...args] = rest;
  if (!name || isHelp(name)) {
    out.write(`${group.usage}\n`);
    return name ? EXIT.ok : EXIT.usage;
  }
  const subcommand = Object.hasOwn(group.subcommands, name) ? group.subcommands[name] : undefined;
  if (!subcommand) {
    err.write(`Unknown subcommand: hub ${command} ${name}\n\n${group.usage}\n`);
    return EXIT.usage;
  }
  return execute(command, subcommand, args, io);
};

/**
 * The commands whose --json the frame handles (their subcommands report a `result`); `operators`,
 * `accounts` and `clients` parse --json themselves.
 */
const framedJson = new Set(['tools', 'keys', 'webhooks', 'cleanup']);

/** Parses the arguments, reads the configuration, opens the database and runs the command there. */
const execute = async (
  command: string,
  subcommand: Subcommand,
  given: string[],
  io: CliIo,
): Promise<number> => {
  try {
    const json = framedJson.has(command) && given.includes('--json');
    const args = json ? given.filter((arg) => arg !== '--json') : given;
    const run = subcommand(args);
    const config = readConfig(io);
    if (typeof config === 'number') return config;
    return await refusingBadDatabase(config.databaseUrl, io, () => withDatabase(config, io, run, { json }));
  } catch (error) {
    if (!(error instanceof CliError)) throw error;
    io.err.write(`${error.message}\n`);
    if (error.exitCode === EXIT.usage) io.err.write(`See: hub ${command} help\n`);
    return error.exitCode;
  }
};

/** The validated configuration, or exit 78 with the bad variable named. */
const readConfig = (io: CliIo) => {
  try {
    return loadConfig(io.env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    io.err.write(`${error.message}\n`);
    return EXIT.config;
  }
};

/** A DATABASE_URL that cannot work (no such database, nothing listening…): one line and exit 78. */
const refusingBadDatabase = async (databaseUrl: string, io: CliIo, run: () => Promise<number>) => {
  try {
    return await run();
  } catch (error) {
    const problem = describeDatabaseFailure(error, databaseUrl);
    if (!problem) throw error;
    io.err.write(`${problem}\n`);
    return EXIT.config;
  }
};

/** `migrate`: applies pending migrations and says which (the server also does it at start). */
const runMigrate = async (given: string[], io: CliIo): Promise<number> => {
  const json = given.includes('--json');
  const args = given.filter((arg) => arg !== '--json');
  if (args.length > 0) {
    io.err.write(`Unexpected argument: ${args[0]}\n\n${usage}\n`);
    return EXIT.usage;
  }
  const config = readConfig(io);
  if (typeof config === 'number') return config;
  return refusingBadDatabase(config.databaseUrl, io, async () => {
    // No statement timeout: a migration may rightly take long (docs/resilience.md).
    const database = openDatabase(config.databaseUrl, {
      log: cliLog(io),
      timeouts: { ...config.databaseTimeouts, statementMs: 0 },
    });
    try {
      const result = await migrateToLatest(database);
      const applied = result.results?.map((r) => r.migrationName) ?? [];
      if (json) io.out.write(`${JSON.stringify({ applied }, null, 2)}\n`);
      else io.out.write(applied.length ? `Applied: ${applied.join(', ')}\n` : 'Database is up to date.\n');
      return EXIT.ok;
    } finally {
      await database.close();
    }
  });
};
