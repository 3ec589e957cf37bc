// The peer the hub is compared with: better-auth (the pinned devDependency) with email and password
// sign-in, on SQLite through better-sqlite3, its rate limit off, and its password hashing replaced by
// the hub's own Argon2id (@node-rs/argon2 with the parameters of services/passwords.ts, read from the
// built hub so the two can never differ). One process of its own, started like a hub process: the
// same libuv thread pool size and heap caps. Prints `ready <port>` once it listens with one account.
//
//   node bench/lib/better-auth-server.mjs <sqlite file> <email> <password>
import { createServer } from 'node:http';
import { dist } from './paths.mjs';
import { startPeerProcess } from './peer-process.mjs';

/** Starts the server in its own process; resolves with its URL, its pid and `stop()`. */
export const startBetterAuth = ({ file, email, password, env }) =>
  startPeerProcess({
    name: 'better-auth',
    script: new URL(import.meta.url).pathname,
    args: [file, email, password],
    env: { BETTER_AUTH_TELEMETRY: '0', ...env },
  });

if (process.argv[1] === new URL(import.meta.url).pathname) {
  const [file, email, password] = process.argv.slice(2);
  const { default: Database } = await import('better-sqlite3');
  const { betterAuth } = await import('better-auth');
  const { getMigrations } = await import('better-auth/db/migration');
  const { toNodeHandler } = await import('better-auth/node');
  const { hashPassword } = await import(dist('services/passwords.js'));
  const { verify } = await import('@node-rs/argon2');

  const sqlite = new Database(file);
  // The hub's own SQLite settings (storage/database.ts), so neither side has a faster disk mode.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  const server = createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseURL = `http://127.0.0.1:${server.address().port}`;
  const auth = betterAuth({
    baseURL,
    secret: 'bench-secret-bench-secret-bench-secret-0123456789',
    database: sqlite,
    trustedOrigins: [baseURL],
    rateLimit: { enabled: false },
    telemetry: { enabled: false },
    logger: { level: 'error' },
    emailAndPassword: {
      enabled: true,
      password: {
        // The hub's hash (Argon2id m=9216 KiB, t=4, p=1, in its turn queue) and @node-rs/argon2's
        // verify, which reads the parameters from the stored hash: the same work per sign-in.
        hash: (plain) => hashPassword(plain),
        verify: ({ hash, password: plain }) => verify(hash, plain),
      },
    },
  });
  const { runMigrations } = await getMigrations(auth.options);
  await runMigrations();
  await auth.api.signUpEmail({ body: { email, password, name: 'Bench User' } });
  server.on('request', toNodeHandler(auth));
  process.on('SIGTERM', () => server.close(() => process.exit(0)));
  process.stdout.write(`ready ${server.address().port}\n`);
}
