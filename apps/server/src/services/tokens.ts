import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { CODE_LENGTH } from '@hub/core';

/** 128 random bits, URL-safe: flow ids, session and binding tokens. */
export const randomToken = (bytes = 24): string => randomBytes(bytes).toString('base64url');

export const sha256 = (value: string): string => createHash('sha256').update(value).digest('base64url');

/** A 6-digit code from the CSPRNG (docs/security.md "Codes"). */
export const generateCode = (): string => String(randomInt(0, 10 ** CODE_LENGTH)).padStart(CODE_LENGTH, '0');

/** Codes are stored only as a hash salted with their own row id. */
export const hashCode = (codeId: string, code: string): string => sha256(`${codeId}:${code}`);

export const sameHash = (a: string, b: string): boolean => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};
