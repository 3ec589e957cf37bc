import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { freePort, root } from './support/process.js';

/**
 * Configuration that cannot work stops the built hub (`apps/server/bin/serve.cjs`) at start-up the
 * way an operator and a supervisor need it: every problem named, on stderr, no stack trace, and
 * exit code 78 (EX_CONFIG) so a supervisor does not restart it in a loop.
 */

const start = (env: Record<string, string>) =>
  new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn(process.execPath, [join(root, 'apps/server/bin/serve.cjs')], {
      cwd: root,
      env: { PATH: process.env.PATH, HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });

const postgresUrl = process.env.TEST_DATABASE_URL;

describe('start-up with configuration that cannot work', () => {
  it('refuses a PostgreSQL port where nothing listens in one line, exit 78', async () => {
    const port = await freePort();
    const result = await start({
      PORT: String(await freePort()),
      DATABASE_URL: `postgres://hub:secret-password@127.0.0.1:${port}/hub`,
    });
    expect(result.stderr).toBe(
      `Cannot use DATABASE_URL (PostgreSQL at 127.0.0.1:${port}, database hub): connection refused (nothing listens there): connect ECONNREFUSED 127.0.0.1:${port}\n`,
    );
    expect(result.stdout).toBe('');
    expect(result.code).toBe(78);
  });

  it.skipIf(!postgresUrl)(
    'refuses a PostgreSQL database that does not exist in one line, exit 78',
    async () => {
      const url = new URL(postgresUrl!);
      const name = `hub_missing_${randomBytes(4).toString('hex')}`;
      url.pathname = `/${name}`;
      for (const workers of ['1', '2']) {
        const result = await start({
          PORT: String(await freePort()),
          DATABASE_URL: url.href,
          HUB_WORKERS: workers,
        });
        expect(result.stderr).toBe(
          `Cannot use DATABASE_URL (PostgreSQL at ${url.host}, database ${name}): the database does not exist: database "${name}" does not exist\n`,
        );
        expect(result.code).toBe(78);
      }
    },
  );

  it('names every missing production variable at once, exit 78', async () => {
    const result = await start({ PORT: String(await freePort()), APP_ENV: 'production' });
    expect(result.stderr.split('\n')).toEqual([
      'Invalid configuration (6 problems):',
      '  PUBLIC_URL is required when APP_ENV=production',
      '  SMTP_URL is required when APP_ENV=production',
      '  MAIL_FROM is required when APP_ENV=production',
      '  KEY_ENCRYPTION_KEY is required when APP_ENV=production (32 random bytes: openssl rand -base64 32)',
      '  PSL_URL is required when APP_ENV=production',
      '  BIZ_URL is required when APP_ENV=production',
      '',
    ]);
    expect(result.code).toBe(78);
  });
});
