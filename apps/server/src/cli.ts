import { ConfigError, loadConfig } from './config.js';
import { openDatabase } from './storage/database.js';
import { migrateToLatest } from './storage/migrate.js';

const usage = `Usage: hub <command>

Commands:
  migrate        apply pending database migrations (DATABASE_URL)
  help           show this help`;

/** The operator CLI (`npx hub …`). Returns the process exit code. */
export const runCli = async (
  argv: string[],
  io: { out: NodeJS.WritableStream; err: NodeJS.WritableStream; env: NodeJS.ProcessEnv } = {
    out: process.stdout,
    err: process.stderr,
    env: process.env,
  },
): Promise<number> => {
  const { out, err } = io;
  const [command] = argv;
  if (!command || command === 'help' || command === '--help') {
    out.write(`${usage}\n`);
    return command ? 0 : 64;
  }
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig(io.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      err.write(`${error.message}\n`);
      return 78;
    }
    throw error;
  }
  switch (command) {
    case 'migrate': {
      const database = openDatabase(config.databaseUrl);
      try {
        const result = await migrateToLatest(database);
        const applied = result.results?.map((r) => r.migrationName) ?? [];
        out.write(applied.length ? `Applied: ${applied.join(', ')}\n` : 'Database is up to date.\n');
        return 0;
      } finally {
        await database.close();
      }
    }
    default:
      err.write(`Unknown command: ${command}\n\n${usage}\n`);
      return 64;
  }
};
