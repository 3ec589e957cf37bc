import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { addon } from '@hub/argon2';
import { authEndpoints } from '@hub/core';
import { describe, expect, it } from 'vitest';
import { hashPassword, passwordHasher } from '../services/passwords.js';
import { seedAccount } from '../test-support/accounts.js';
import { setUpTestHub } from '../test-support/app.js';
import { seedDemoCatalogue } from '../test-support/catalogue.js';
import { browserFor, strongPassword } from '../test-support/client.js';
import { testDialects } from '../test-support/databases.js';
import { FREE_PASSWORD_FAILURES } from './login/flow.js';

// A password check whose hash cannot have its working memory: a real failure, made by lowering this
// test process's address-space limit (prlimit) below what one more arena needs (9 MiB and 2 MiB of
// alignment) while leaving room for the rest of the request. This file runs in a process of its own.

const addressSpace = () =>
  Number(/VmSize:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1]) * 1024;
/** This process's soft address-space limit, in bytes or `unlimited`, as prlimit reads and writes it. */
const addressSpaceLimit = () =>
  /^Max address space\s+(\S+)/m.exec(readFileSync('/proc/self/limits', 'utf8'))?.[1] ?? 'unlimited';
const setAddressSpaceLimit = (soft: number | string) =>
  execFileSync('prlimit', ['--pid', String(process.pid), `--as=${soft}:`]);

/** Runs `work` while no new mapping of more than 9 MiB (an arena needs 11) can be made in this process. */
const withoutRoomForAnArena = async <T>(work: () => Promise<T>): Promise<T> => {
  addon?.trim();
  const before = addressSpaceLimit();
  setAddressSpaceLimit(addressSpace() + 9 * 2 ** 20);
  try {
    return await work();
  } finally {
    setAddressSpaceLimit(before);
  }
};

const canLimit = (() => {
  try {
    execFileSync('prlimit', ['--version']);
    return process.platform === 'linux' && passwordHasher.startsWith('@hub/argon2');
  } catch {
    return false;
  }
})();

describe.runIf(canLimit)('the addon without memory', () => {
  it('rejects with ARGON2_NO_MEMORY, which the hub turns into a 503 for a new hash too', async () => {
    const stored = await hashPassword(strongPassword);
    await expect(withoutRoomForAnArena(() => addon!.verify(stored, strongPassword))).rejects.toMatchObject({
      code: 'ARGON2_NO_MEMORY',
    });
    await expect(withoutRoomForAnArena(() => hashPassword(strongPassword))).rejects.toMatchObject({
      code: 'service.unavailable',
      retryAfter: 5,
    });
    // Nothing is left broken: with memory again, both work.
    expect(await addon!.verify(stored, strongPassword)).toBe(true);
  });
});

describe.runIf(canLimit).each(testDialects)('a hash without memory on %s', (dialect) => {
  const ctx = setUpTestHub(dialect, { seed: seedDemoCatalogue });

  it('answers 503 with a retry, counts nothing, lifts the block it set, and the retry signs in', async () => {
    const email = `nomem${ctx.n}@example.ph`;
    const id = await seedAccount(ctx.hub, { email, platforms: ['psl'] });
    const browser = browserFor(ctx.hub, `198.51.100.${ctx.n}`);
    const started = await browser.post(authEndpoints.loginIdentify, { platform: 'psl', account: email });
    expect(started.statusCode, started.body).toBe(200);
    const { flowId } = started.json() as { flowId: string };
    const password = (value: string) =>
      browser.post(authEndpoints.loginPassword, { flowId, password: value });

    // All free failures but one used: the next attempt's reservation sets a block.
    for (let i = 0; i < FREE_PASSWORD_FAILURES - 1; i++)
      expect((await password(`Wrong-guess-${i}`)).statusCode).toBe(401);

    const faulted = await withoutRoomForAnArena(() => password(strongPassword));
    expect(faulted.statusCode, faulted.body).toBe(503);
    expect(faulted.json()).toMatchObject({ code: 'service.unavailable', retryAfter: 5 });
    expect(faulted.headers['retry-after']).toBe('5');
    expect(await ctx.hub.hub.accounts.findById(id)).toMatchObject({
      failed_password_count: FREE_PASSWORD_FAILURES - 1,
      password_blocked_until: null,
    });

    // The retry the 503 asked for is a check like any other: not blocked, and it signs in.
    const retried = await password(strongPassword);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(await ctx.hub.hub.accounts.findById(id)).toMatchObject({ failed_password_count: 0 });
  });
});
