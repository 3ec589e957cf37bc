import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from './cli.js';
import { openDatabase } from './storage/database.js';

const dir = mkdtempSync(join(tmpdir(), 'hub-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const run = async (argv: string[], env: NodeJS.ProcessEnv) => {
  const out = new PassThrough();
  const err = new PassThrough();
  const chunks = { out: '', err: '' };
  out.on('data', (c) => (chunks.out += c));
  err.on('data', (c) => (chunks.err += c));
  const code = await runCli(argv, { out, err, env });
  return { code, ...chunks };
};

describe('hub CLI', () => {
  it('migrates a fresh database, then says it is up to date', async () => {
    const env = { DATABASE_URL: `sqlite:${join(dir, 'hub.sqlite')}` };
    const first = await run(['migrate'], env);
    expect(first).toMatchObject({ code: 0, out: 'Applied: 0001-initial\n' });
    expect((await run(['migrate'], env)).out).toBe('Database is up to date.\n');
    const database = openDatabase(env.DATABASE_URL);
    expect(await database.db.selectFrom('accounts').selectAll().execute()).toEqual([]);
    await database.close();
  });

  it('names a bad variable and exits 78', async () => {
    const result = await run(['migrate'], { DATABASE_URL: 'mysql://nope' });
    expect(result.code).toBe(78);
    expect(result.err).toContain('DATABASE_URL');
  });

  it('prints help, and refuses an unknown command with exit 64', async () => {
    expect((await run(['help'], {})).out).toContain('migrate');
    const unknown = await run(['frobnicate'], {});
    expect(unknown.code).toBe(64);
    expect(unknown.err).toContain('Unknown command: frobnicate');
  });
});
