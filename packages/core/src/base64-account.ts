import { malformed, ok, type Result } from './result.js';

/** Encoded accounts are short; anything longer is refused before decoding. */
export const ENCODED_ACCOUNT_MAX_LENGTH = 4096;

const base64Alphabet = /^[A-Za-z0-9+/_-]*={0,2}$/;
const controlCharacter = /\p{Cc}/u;

const bytesToBinary = (bytes: Uint8Array): string => {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return binary;
};

/** Encodes a string as UTF-8 base64url without padding (safe in a URL without further escaping). */
export const encodeBase64Url = (value: string): string =>
  btoa(bytesToBinary(new TextEncoder().encode(value)))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '');

/** Decodes base64 or base64url (padding optional) holding UTF-8; never throws. */
export const decodeBase64Url = (encoded: string, maxLength = ENCODED_ACCOUNT_MAX_LENGTH): Result<string> => {
  if (encoded.length > maxLength) return malformed('too long');
  // A '+' that reached us through an unescaped query string arrives as a space.
  const text = encoded.replaceAll(' ', '+').trim();
  if (!base64Alphabet.test(text)) return malformed('not base64');
  const bare = text.replace(/=+$/, '').replaceAll('-', '+').replaceAll('_', '/');
  if (bare.length % 4 === 1) return malformed('bad base64 length');
  const binary = atob(bare.padEnd(Math.ceil(bare.length / 4) * 4, '='));
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  try {
    return ok(new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes));
  } catch {
    // TextDecoder's only way to report invalid UTF-8 is to throw; we answer it as data.
    return malformed('not UTF-8');
  }
};

/** Spec §2: password screens show the account decoded from a base64 value (base64 or base64url). */
export const decodeBase64Account = (encoded: string): Result<string> => {
  const decoded = decodeBase64Url(encoded);
  if (!decoded.ok) return decoded;
  if (decoded.value === '') return malformed('empty account');
  if (controlCharacter.test(decoded.value)) return malformed('control character in account');
  return decoded;
};

/** The inverse of {@link decodeBase64Account}: UTF-8, base64url, no padding. */
export const encodeBase64Account = (value: string): string => encodeBase64Url(value);
