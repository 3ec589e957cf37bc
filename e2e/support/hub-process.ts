import { onFreePort, startNodeProcess } from './process.js';

export interface HubProcess {
  /** Where this process listens (its own port; the public origin is the shared PUBLIC_URL). */
  url: string;
  pid: number;
  logs: () => string;
  /** SIGKILL: the process dies at once, as on a crash or a lost machine. */
  kill: () => Promise<void>;
  /** SIGTERM, resolving with the exit code once the process (and any worker of it) has ended. */
  stop: () => Promise<number | null>;
}

/**
 * One process of the built hub (`apps/server/bin/serve.cjs`, which runs dist/main.js) with exactly `env` (plus PATH, PORT and
 * HOST), on `port` (a free one if not given: `onFreePort`), ready once /readyz answers. Several of them on one
 * database and one PUBLIC_URL are the production shape behind a load balancer (docs/operations.md).
 */
export const startHubProcess = (env: Record<string, string>, port?: number): Promise<HubProcess> =>
  port === undefined ? onFreePort((free) => startOn(env, free)) : startOn(env, port);

const startOn = async (env: Record<string, string>, listenPort: number): Promise<HubProcess> => {
  const url = `http://127.0.0.1:${listenPort}`;
  const hub = await startNodeProcess(
    'hub',
    'apps/server/bin/serve.cjs',
    // The credential-stuffing challenge off: journeys sign in to many accounts from one address;
    // e2e/sign-in-challenge.test.ts turns it on.
    { PORT: String(listenPort), HOST: '127.0.0.1', LOG_LEVEL: 'warn', SIGN_IN_CHALLENGE: 'off', ...env },
    `${url}/readyz`,
    30_000,
  );
  return {
    url,
    pid: hub.pid,
    logs: hub.logs,
    kill: async () => {
      await hub.end('SIGKILL');
    },
    stop: () => hub.end('SIGTERM'),
  };
};
