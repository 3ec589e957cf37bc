import type { z } from 'zod';
import { decodeBase64Url, encodeBase64Url } from './base64-account.js';
import { findUnstorableText } from './contracts/input.js';
import { malformed, ok, type Result } from './result.js';

/** UTF-8 byte length, computed only for strings that could be within a cap. */
const byteLengthWithin = (raw: string, maxBytes: number): boolean =>
  raw.length <= maxBytes && new TextEncoder().encode(raw).length <= maxBytes;

/**
 * Parses JSON text of at most maxBytes UTF-8 bytes; never throws. A string in it that breaks the
 * string rule (a `\u0000` escape, a lone surrogate) refuses the whole value, whatever schema reads it.
 */
export const parseJsonCapped = (raw: string | null | undefined, maxBytes: number): Result<unknown> => {
  if (raw === null || raw === undefined || raw === '') return malformed('missing');
  if (!byteLengthWithin(raw, maxBytes)) return malformed(`longer than ${maxBytes} bytes`);
  let value: unknown;
  try {
    value = JSON.parse(raw) as unknown;
  } catch {
    // JSON.parse reports bad syntax only by throwing; we answer it as data.
    return malformed('not JSON');
  }
  const unstorable = findUnstorableText(value);
  return unstorable === undefined ? ok(value) : malformed(`${unstorable || '(root)'}: unstorable text`);
};

/** Validates an already parsed value with a schema; the reason names the first bad field, not its value. */
export const validateWith = <S extends z.ZodType>(schema: S, value: unknown): Result<z.output<S>> => {
  const parsed = schema.safeParse(value);
  if (parsed.success) return ok(parsed.data);
  const issue = parsed.error.issues[0];
  const path = issue && issue.path.length > 0 ? issue.path.map(String).join('.') : '(root)';
  return malformed(`${path}: ${issue?.code ?? 'invalid'}`.slice(0, 200));
};

/** Decodes JSON text (query string or storage) with a schema and a size cap. */
export const decodeJsonWith = <S extends z.ZodType>(
  schema: S,
  raw: string | null | undefined,
  maxBytes: number,
): Result<z.output<S>> => {
  const parsed = parseJsonCapped(raw, maxBytes);
  return parsed.ok ? validateWith(schema, parsed.value) : parsed;
};

/** Decodes base64url(JSON) with a schema; the cap applies to the encoded text. */
export const decodeBase64JsonWith = <S extends z.ZodType>(
  schema: S,
  raw: string | null | undefined,
  maxBytes: number,
): Result<z.output<S>> => {
  if (raw === null || raw === undefined || raw === '') return malformed('missing');
  const text = decodeBase64Url(raw, maxBytes);
  return text.ok ? decodeJsonWith(schema, text.value, maxBytes) : text;
};

export const encodeBase64Json = (value: unknown): string => encodeBase64Url(JSON.stringify(value));
