import { hash, randomFillSync, randomInt, timingSafeEqual } from 'node:crypto';
import { CODE_LENGTH } from '@hub/core';

/**
 * Bytes from the CSPRNG, drawn 4 KiB at a time and handed out once each, as Node does for
 * randomUUID: one call into OpenSSL for about a hundred tokens instead of one each (a sign-in makes
 * five; 2.2 µs a call against 0.13 µs from the pool). Every byte is used once and then overwritten
 * by the next fill.
 */
const POOL_BYTES = 4096;
const pool = Buffer.allocUnsafe(POOL_BYTES);
let poolOffset = POOL_BYTES;

/** `bytes` random bytes (at most the pool's size), URL-safe base64. */
export const randomToken = (bytes = 24): string => {
  if (bytes > POOL_BYTES) throw new RangeError('randomToken: too many bytes');
  if (poolOffset + bytes > POOL_BYTES) {
    randomFillSync(pool);
    poolOffset = 0;
  }
  const token = pool.toString('base64url', poolOffset, poolOffset + bytes);
  poolOffset += bytes;
  return token;
};

/** The characters of a timeOrderedToken's time: base36 milliseconds, enough until the year 5138. */
export const TOKEN_TIME_LENGTH = 9;

/**
 * A row key that is also a secret (a flow's id, an ainfo's jti, a hub session's cookie): the time it
 * was made, in base36 (TOKEN_TIME_LENGTH characters, so keys sort by it), then `bytes` random bytes
 * as randomToken. New keys go to the end of their table's index instead of a random page of it, so
 * an insert reads and dirties the index's last pages, which stay cached, rather than a page the
 * 2 MiB SQLite cache has long let go (docs/performance.md "Account look-up"). The time tells its holder nothing they did not know; the
 * random part alone is what makes the key unguessable.
 */
export const timeOrderedToken = (now: number, bytes = 24): string =>
  `${Math.max(0, Math.floor(now)).toString(36).padStart(TOKEN_TIME_LENGTH, '0')}${randomToken(bytes)}`;

/** SHA-256, URL-safe base64, in one call into OpenSSL (crypto.hash: half the cost of a Hash object). */
export const sha256 = (value: string): string => hash('sha256', value, 'base64url');

/** A 6-digit code from the CSPRNG (docs/security.md "Codes"). */
export const generateCode = (): string => String(randomInt(0, 10 ** CODE_LENGTH)).padStart(CODE_LENGTH, '0');

/** Codes are stored only as a hash salted with their own row id. */
export const hashCode = (codeId: string, code: string): string => sha256(`${codeId}:${code}`);

export const sameHash = (a: string, b: string): boolean => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};
