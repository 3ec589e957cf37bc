import { z } from 'zod';

/**
 * The two rules every value from outside (a request field, a query parameter, a value decoded from
 * base64 or JSON) passes before it can reach storage. SQLite stores anything; PostgreSQL refuses a
 * NUL in text and an integer past its column, and that refusal must not surface as a 500. Strings
 * already held to a pattern of ASCII characters (flow ids, account ids, tsa keys) need no more.
 */

/** The largest value of an `integer` column on PostgreSQL (32-bit signed), the narrowest we have. */
export const STORED_INTEGER_MAX = 2_147_483_647;

/** THE integer rule: a non-negative whole number that fits every integer column (tool ids, ref_from). */
export const storedIntegerSchema = z.number().int().min(0).max(STORED_INTEGER_MAX);

// A high surrogate not followed by a low one, or a low one not preceded by a high one.
const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * THE string rule: no NUL (PostgreSQL text cannot hold U+0000) and no lone UTF-16 surrogate (it
 * has no UTF-8 form: the driver would quietly store U+FFFD, a different value than was sent).
 * Other control characters are storable and left to each field's own rules.
 */
export const isStorableText = (value: string): boolean =>
  !value.includes('\u0000') && !loneSurrogate.test(value);

/** The message of a refusal by the string rule (zod's issue message; the API answers request.invalid). */
export const UNSTORABLE_TEXT = 'contains a NUL or a lone surrogate';

/** The string rule added to a string schema that has its own shape (trimmed, an email, a URL). */
export const storable = <S extends z.ZodType<string>>(schema: S) =>
  schema.refine(isStorableText, { message: UNSTORABLE_TEXT });

/** Free text of at most `maxLength` UTF-16 units that storage can hold as sent. */
export const text = (maxLength: number) => storable(z.string().max(maxLength));

/**
 * Where a parsed JSON value (object keys included) has a string that breaks the string rule, as a
 * dotted path ('' for the value itself; for a bad key, its object's path), or undefined when it
 * has none. Walks without recursion, so deeply nested garbage cannot exhaust the stack.
 */
export const findUnstorableText = (value: unknown): string | undefined => {
  const pending: Array<[unknown, string]> = [[value, '']];
  while (pending.length > 0) {
    const [item, path] = pending.pop() as [unknown, string];
    if (typeof item === 'string') {
      if (!isStorableText(item)) return path;
    } else if (Array.isArray(item)) {
      for (const [index, entry] of item.entries()) {
        pending.push([entry, path ? `${path}.${index}` : String(index)]);
      }
    } else if (item !== null && typeof item === 'object') {
      for (const [key, entry] of Object.entries(item)) {
        // A bad key is reported at its object: the key itself is not fit to echo.
        if (!isStorableText(key)) return path;
        pending.push([entry, path ? `${path}.${key}` : key]);
      }
    }
  }
  return undefined;
};

/** The first `maxLength` UTF-16 units of `value`, never ending in half of a surrogate pair. */
export const truncateText = (value: string, maxLength: number): string => {
  if (value.length <= maxLength) return value;
  const cut = value.slice(0, maxLength);
  return /[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut;
};
