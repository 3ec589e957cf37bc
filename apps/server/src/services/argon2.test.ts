import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { addon, reason } from '@hub/argon2';
import * as argon2Library from '@node-rs/argon2';
import { describe, expect, it, vi } from 'vitest';
import { silentLog } from '../log.js';
import { hashPassword, passwordHasher, verifyPassword } from './passwords.js';

// The hub's Argon2id addon (packages/argon2) against the reference's own test vector and against
// @node-rs/argon2, the library it stands in for: the same PHC strings both ways.

const library = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

describe.runIf(process.platform === 'linux' && process.arch === 'x64')(
  'where the hub is built and tested',
  () => {
    it('is built by npm install and is what the hub hashes with', () => {
      expect(reason).toBeNull();
      expect(addon?.simd).toMatch(/^(avx512|avx2|sse2)$/);
      expect(passwordHasher).toBe(
        process.env.HUB_ARGON2 === 'library' ? '@node-rs/argon2' : `@hub/argon2 (${addon?.simd})`,
      );
    });
  },
);

describe('HUB_ARGON2=library', () => {
  it('hashes with @node-rs/argon2, whose hashes the addon verifies, and the other way round', async () => {
    vi.resetModules();
    vi.stubEnv('HUB_ARGON2', 'library');
    try {
      const library = await import('./passwords.js');
      expect(library.passwordHasher).toBe('@node-rs/argon2');
      const password = 'Mabuhay! ñ 密码 🔑';
      const theirs = await library.hashPassword(password);
      expect(await library.verifyPassword(theirs, password, silentLog)).toBe(true);
      expect(await library.verifyPassword(theirs, 'nope', silentLog)).toBe(false);
      expect(await library.verifyPassword(await hashPassword(password), password, silentLog)).toBe(true);
      expect(await verifyPassword(theirs, password, silentLog)).toBe(true);
    } finally {
      vi.unstubAllEnvs();
      vi.resetModules();
    }
  });
});

describe.runIf(addon !== null)('@hub/argon2', () => {
  const argon2 = addon as NonNullable<typeof addon>;

  it("gives the reference implementation's Argon2id test vector", async () => {
    // phc-winner-argon2's src/test.c: Argon2id, v=19, m=65536, t=2, p=1, "password", "somesalt".
    const vector = '$argon2id$v=19$m=65536,t=2,p=1$c29tZXNhbHQ$CTFhFdXPJO1aFaMaO6Mm5c8y7cJHAph8ArZWb2GRPPc';
    expect(await argon2.hash('password', Buffer.from('somesalt'), 2, 65536, 1)).toBe(vector);
    expect(await argon2.verify(vector, 'password')).toBe(true);
    expect(await argon2.verify(vector, 'Password')).toBe(false);
  });

  it('gives the same hashes with every inner loop this CPU has, and HUB_ARGON2_SIMD narrows it', () => {
    // Each kind of loop in a process of its own (the choice is made when the addon loads): the
    // test vector, a hash of the hub's parameters, and hashes of every shape our own loops
    // (AVX-512 and AVX2) treat apart (one pass or several, one lane or several, a lane's first
    // and last blocks, segments shorter than a block of addresses), on which every loop must
    // agree, the reference's SSE2 one among them.
    const addonPath = createRequire(import.meta.url).resolve('@hub/argon2');
    const script = `const { addon } = require(${JSON.stringify(addonPath)});
      (async () => {
        const salt = Buffer.from('somesalt');
        const vector = await addon.hash('password', salt, 2, 65536, 1);
        const hub = await addon.hash('Mabuhay! ñ 密码 🔑', Buffer.alloc(16, 7), 4, 9216, 1);
        const shapes = [];
        for (const t of [1, 2, 3]) for (const p of [1, 2, 3, 4]) for (const m of [8 * p, 100, 1030])
          shapes.push(await addon.hash('pw' + t + p + m, Buffer.alloc(16, t + p), t, m, p));
        process.stdout.write(JSON.stringify({ simd: addon.simd, vector, hub, shapes }));
      })();`;
    const run = (simd: string) =>
      JSON.parse(
        execFileSync(process.execPath, ['-e', script], {
          env: { ...process.env, HUB_ARGON2_SIMD: simd },
          encoding: 'utf8',
        }),
      ) as { simd: string; vector: string; hub: string; shapes: string[] };
    const kinds = ['sse2', 'avx2', 'avx512'];
    const widest = kinds.indexOf(argon2.simd);
    const results = kinds.map(run);
    results.forEach((result, i) => {
      // A kind wider than the CPU has is never taken: the widest it has runs instead.
      expect(result.simd).toBe(kinds[Math.min(i, widest)]);
      expect(result.vector).toBe(
        '$argon2id$v=19$m=65536,t=2,p=1$c29tZXNhbHQ$CTFhFdXPJO1aFaMaO6Mm5c8y7cJHAph8ArZWb2GRPPc',
      );
      expect(result.hub).toBe(results[0]?.hub);
      expect(result.shapes).toEqual(results[0]?.shapes);
    });
    expect(new Set(results[0]?.shapes).size).toBe(36);
    expect(run('not-a-kind').simd).toBe(argon2.simd);
  });

  it('verifies what @node-rs/argon2 made, and @node-rs/argon2 what it made', async () => {
    const password = 'Mabuhay! ñ 密码 🔑';
    const theirs = await argon2Library.hash(password, library);
    const ours = await argon2.hash(password, randomBytes(16), 2, 19456, 1);
    expect(ours).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    expect(await argon2.verify(theirs, password)).toBe(true);
    expect(await argon2Library.verify(ours, password)).toBe(true);
    expect(await argon2.verify(theirs, `${password} `)).toBe(false);
    expect(await argon2Library.verify(ours, password.slice(1))).toBe(false);
  });

  it('rejects what is not an Argon2id hash, or asks for more than 1 GiB, without hashing', async () => {
    const salt = 'c29tZXNhbHQ';
    const output = 'CTFhFdXPJO1aFaMaO6Mm5c8y7cJHAph8ArZWb2GRPPc';
    for (const stored of [
      'garbage',
      '',
      `$argon2i$v=19$m=65536,t=2,p=1$${salt}$${output}`,
      `$argon2id$v=19$m=65536,t=2,p=1$${salt}`,
      `$argon2id$v=19$m=4194304,t=2,p=1$${salt}$${output}`,
      `$argon2id$v=19$m=65536,t=0,p=1$${salt}$${output}`,
    ]) {
      await expect(argon2.verify(stored, 'password'), stored).rejects.toMatchObject({
        code: 'ARGON2_FAILED',
      });
    }
    expect(() => argon2.verify(`$argon2id$${'x'.repeat(600)}`, 'password')).toThrow(TypeError);
    expect(() => argon2.hash('password', Buffer.alloc(4), 2, 19456, 1)).toThrow(TypeError);
    expect(() => argon2.hash('password', randomBytes(16), 2, 2 ** 21, 1)).toThrow(TypeError);
    // The hub's wrapper: a stored hash that cannot be read is a mismatch, never a crash.
    expect(await verifyPassword('garbage', 'password', silentLog)).toBe(false);
  });

  it('keeps one arena per hash in flight, reuses it, and gives idle ones back on trim()', async () => {
    argon2.trim();
    const stored = await hashPassword('correct horse battery staple');
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        argon2.verify(stored, i % 2 ? 'correct horse battery staple' : 'wrong'),
      ),
    );
    expect(results).toEqual([false, true, false, true, false, true, false, true]);
    const { idle, busy } = argon2.arenas();
    expect(busy).toBe(0);
    // libuv's pool runs at most UV_THREADPOOL_SIZE (4 by default) hashes at once: no more arenas than that.
    expect(idle).toBeGreaterThan(0);
    expect(idle).toBeLessThanOrEqual(Number(process.env.UV_THREADPOOL_SIZE) || 4);
    expect(argon2.trim()).toBe(idle);
    expect(argon2.arenas()).toEqual({ idle: 0, busy: 0 });
    expect(await verifyPassword(stored, 'correct horse battery staple', silentLog)).toBe(true);
  });

  it('replaces an idle arena of another size rather than keep arenas of two sizes', async () => {
    argon2.trim();
    // A hash of older parameters (19 MiB) verified between two of today's (9 MiB), one at a time.
    const older = await argon2.hash('Mabuhay', randomBytes(16), 2, 19456, 1);
    expect(argon2.arenas()).toEqual({ idle: 1, busy: 0 });
    const today = await hashPassword('Mabuhay');
    expect(argon2.arenas()).toEqual({ idle: 1, busy: 0 });
    expect(await argon2.verify(older, 'Mabuhay')).toBe(true);
    expect(await argon2.verify(today, 'Mabuhay')).toBe(true);
    expect(argon2.arenas()).toEqual({ idle: 1, busy: 0 });
    argon2.trim();
  });
});
