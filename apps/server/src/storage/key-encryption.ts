import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Envelope encryption of the signing keys' private halves. A key-encryption key (KEK, 32 bytes from
 * KEY_ENCRYPTION_KEY) seals each private JWK with AES-256-GCM; the database holds only the envelope
 * `{"v":1,"kek":"<kek id>","iv":…,"tag":…,"ct":…}`. The KEK id is a short hash of the KEK, so a
 * process knows which of its keys (current or previous) opens a row, and a rotation can be finished
 * row by row (`hub keys rewrap`).
 */

const ENVELOPE_VERSION = 1;
const KEY_BYTES = 32;
const IV_BYTES = 12;

export interface KeyEncryptionKey {
  /** Short, public fingerprint of the key: stored with each envelope. */
  id: string;
  key: Buffer;
}

export const kekOf = (key: Buffer): KeyEncryptionKey => ({
  id: createHash('sha256').update('account-hub kek id\0').update(key).digest('base64url').slice(0, 12),
  key,
});

/**
 * Without KEY_ENCRYPTION_KEY (allowed only in local and development) keys are sealed with this
 * fixed key, which anyone with the source can derive: it protects nothing, but every environment
 * takes the same code path and no private key sits in the database in clear. A production process
 * still opens such rows (they are no better protected than plain ones), and `hub keys rewrap` seals
 * them with its real key.
 */
export const LOCAL_KEK = kekOf(
  createHash('sha256').update('account-hub local development key-encryption key; not a secret').digest(),
);

/** 32 bytes as 64 hex digits or base64 (standard or URL-safe); undefined when the text is neither. */
export const parseKeyEncryptionKey = (text: string): Buffer | undefined => {
  const value = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(value)) return Buffer.from(value, 'hex');
  if (!/^[A-Za-z0-9+/_-]{43}=?$/.test(value)) return undefined;
  const key = Buffer.from(value, 'base64');
  return key.length === KEY_BYTES ? key : undefined;
};

/** A stored private key could not be opened; the message says why and what to set. */
export class KeyDecryptionError extends Error {}

/** How a stored private key is kept, for `hub keys list` and the start-up check. */
export type Protection =
  | { kind: 'plain' }
  | { kind: 'sealed'; kekId: string; by: 'current' | 'previous' | 'local' | 'unknown' };

export interface PrivateKeySealer {
  /** The id of the KEK new envelopes are sealed with. */
  readonly currentKekId: string;
  /** Seals a private JWK (text) for the signing key `kid`: the envelope only opens for that kid. */
  seal(kid: string, privateJwk: string): string;
  /** The private JWK text of a stored value: an envelope, or a plain JWK written before encryption. */
  open(kid: string, stored: string): string;
  protection(stored: string): Protection;
}

interface Envelope {
  v: number;
  kek: string;
  iv: string;
  tag: string;
  ct: string;
}

const envelopeOf = (stored: string): Envelope | undefined => {
  let parsed: unknown;
  try {
    parsed = JSON.parse(stored);
  } catch {
    throw new KeyDecryptionError('the stored private key is not JSON');
  }
  if (typeof parsed !== 'object' || parsed === null)
    throw new KeyDecryptionError('the stored private key is not a JSON object');
  const record = parsed as Record<string, unknown>;
  if ('kty' in record) return undefined;
  if (record.v !== ENVELOPE_VERSION)
    throw new KeyDecryptionError(
      `the stored private key has an unknown envelope version ${JSON.stringify(record.v)}`,
    );
  for (const field of ['kek', 'iv', 'tag', 'ct'] as const)
    if (typeof record[field] !== 'string')
      throw new KeyDecryptionError(`the stored envelope has no ${field}`);
  return record as unknown as Envelope;
};

/**
 * The AES-GCM associated data: an envelope moved to another row (or sealed for another purpose,
 * a second factor's secret rather than a signing key) does not open there.
 */
const aadFor = (purpose: string, kid: string) => Buffer.from(`account-hub ${purpose} ${kid}`);

/**
 * The sealer of a process: seals with `current` (LOCAL_KEK when none is configured), opens with
 * `current`, `previous` or LOCAL_KEK. `purpose` names what it seals (the signing keys' private
 * halves by default; 'second factor' for the authenticator apps' secrets, mfa/totp.ts), so an
 * envelope of one purpose never opens as the other.
 */
export const createSealer = (
  keys: { current?: Buffer; previous?: Buffer } = {},
  purpose = 'signing key',
): PrivateKeySealer => {
  const current = keys.current ? kekOf(keys.current) : LOCAL_KEK;
  const previous = keys.previous ? kekOf(keys.previous) : undefined;
  const known = new Map<string, { kek: KeyEncryptionKey; by: 'current' | 'previous' | 'local' }>();
  // Order matters only when two of them are the same key: current wins.
  known.set(LOCAL_KEK.id, { kek: LOCAL_KEK, by: 'local' });
  if (previous) known.set(previous.id, { kek: previous, by: 'previous' });
  known.set(current.id, { kek: current, by: current === LOCAL_KEK ? 'local' : 'current' });

  return {
    currentKekId: current.id,
    seal(kid, privateJwk) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', current.key, iv);
      cipher.setAAD(aadFor(purpose, kid));
      const ct = Buffer.concat([cipher.update(privateJwk, 'utf8'), cipher.final()]);
      const envelope: Envelope = {
        v: ENVELOPE_VERSION,
        kek: current.id,
        iv: iv.toString('base64url'),
        tag: cipher.getAuthTag().toString('base64url'),
        ct: ct.toString('base64url'),
      };
      return JSON.stringify(envelope);
    },
    open(kid, stored) {
      const envelope = envelopeOf(stored);
      if (!envelope) return stored;
      const entry = known.get(envelope.kek);
      if (!entry)
        throw new KeyDecryptionError(
          `${purpose} ${kid} is encrypted with key-encryption key ${envelope.kek}, which is neither ` +
            `KEY_ENCRYPTION_KEY (${current.id}) nor KEY_ENCRYPTION_KEY_PREVIOUS` +
            `${previous ? ` (${previous.id})` : ''}: set KEY_ENCRYPTION_KEY_PREVIOUS to the key it was encrypted with`,
        );
      try {
        const decipher = createDecipheriv(
          'aes-256-gcm',
          entry.kek.key,
          Buffer.from(envelope.iv, 'base64url'),
        );
        decipher.setAAD(aadFor(purpose, kid));
        decipher.setAuthTag(Buffer.from(envelope.tag, 'base64url'));
        return Buffer.concat([
          decipher.update(Buffer.from(envelope.ct, 'base64url')),
          decipher.final(),
        ]).toString('utf8');
      } catch (cause) {
        throw new KeyDecryptionError(
          `${purpose} ${kid} did not decrypt with key-encryption key ${envelope.kek}: the stored envelope was altered or belongs to another key`,
          { cause },
        );
      }
    },
    protection(stored) {
      const envelope = envelopeOf(stored);
      if (!envelope) return { kind: 'plain' };
      return { kind: 'sealed', kekId: envelope.kek, by: known.get(envelope.kek)?.by ?? 'unknown' };
    },
  };
};

/**
 * `hub keys rewrap` for one kind of sealed value (the signing keys' private halves, the webhook
 * endpoints' secrets): each row not yet sealed with the current KEK is opened and sealed anew.
 * `isPlain` tells a value stored in clear before sealing (read as it is); `replace` writes the new
 * envelope only if the row still holds what was read, so a concurrent rewrap or rotation loses
 * nothing. Rows that cannot be opened are left as they are and named.
 */
export const rewrapRows = async (
  sealer: PrivateKeySealer,
  rows: { id: string; stored: string }[],
  replace: (id: string, from: string, to: string) => Promise<boolean>,
  isPlain: (stored: string) => boolean = () => false,
) => {
  const result = {
    rewrapped: [] as string[],
    unchanged: [] as string[],
    unreadable: [] as { id: string; reason: string }[],
  };
  for (const { id, stored } of rows) {
    let plain: string;
    try {
      if (isPlain(stored)) plain = stored;
      else {
        const protection = sealer.protection(stored);
        if (protection.kind === 'sealed' && protection.kekId === sealer.currentKekId) {
          result.unchanged.push(id);
          continue;
        }
        plain = sealer.open(id, stored);
      }
    } catch (error) {
      result.unreadable.push({ id, reason: (error as Error).message });
      continue;
    }
    ((await replace(id, stored, sealer.seal(id, plain))) ? result.rewrapped : result.unchanged).push(id);
  }
  return result;
};
