import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  createSealer,
  KeyDecryptionError,
  kekOf,
  LOCAL_KEK,
  parseKeyEncryptionKey,
} from './key-encryption.js';

const jwk = JSON.stringify({
  kty: 'EC',
  crv: 'P-256',
  x: 'x-value',
  y: 'y-value',
  d: 'private-scalar',
  kid: 'k1',
});

const decryptionError = (work: () => unknown) => {
  try {
    work();
  } catch (error) {
    expect(error).toBeInstanceOf(KeyDecryptionError);
    return (error as Error).message;
  }
  throw new Error('expected a KeyDecryptionError');
};

describe('key encryption', () => {
  const oldKey = randomBytes(32);
  const newKey = randomBytes(32);

  it('seals a private JWK so no part of it is stored in clear, and opens it again', () => {
    const sealer = createSealer({ current: oldKey });
    const stored = sealer.seal('k1', jwk);
    expect(stored).not.toContain('private-scalar');
    expect(stored).not.toContain('"d"');
    expect(stored).not.toContain('"kty"');
    expect(JSON.parse(stored)).toMatchObject({ v: 1, kek: kekOf(oldKey).id });
    expect(sealer.open('k1', stored)).toBe(jwk);
    // A fresh IV each time: the same key sealed twice looks different.
    expect(sealer.seal('k1', jwk)).not.toBe(stored);
  });

  it('opens with the previous key during a rotation, and names the missing key after it', () => {
    const stored = createSealer({ current: oldKey }).seal('k1', jwk);
    const rotating = createSealer({ current: newKey, previous: oldKey });
    expect(rotating.open('k1', stored)).toBe(jwk);
    expect(rotating.protection(stored)).toEqual({ kind: 'sealed', kekId: kekOf(oldKey).id, by: 'previous' });
    expect(rotating.protection(rotating.seal('k1', jwk))).toMatchObject({ by: 'current' });

    const message = decryptionError(() => createSealer({ current: newKey }).open('k1', stored));
    expect(message).toContain(kekOf(oldKey).id);
    expect(message).toContain('KEY_ENCRYPTION_KEY_PREVIOUS');
  });

  it('refuses an envelope that was altered or moved to another key row', () => {
    const sealer = createSealer({ current: oldKey });
    const stored = JSON.parse(sealer.seal('k1', jwk));
    const flipped = Buffer.from(stored.ct, 'base64url');
    flipped[0]! ^= 1;
    expect(
      decryptionError(() =>
        sealer.open('k1', JSON.stringify({ ...stored, ct: flipped.toString('base64url') })),
      ),
    ).toMatch(/did not decrypt/);
    expect(decryptionError(() => sealer.open('k2', JSON.stringify(stored)))).toMatch(/did not decrypt/);
    expect(decryptionError(() => sealer.open('k1', JSON.stringify({ ...stored, v: 2 })))).toMatch(
      /envelope version/,
    );
    expect(decryptionError(() => sealer.open('k1', 'not json'))).toMatch(/not JSON/);
  });

  it('reads a key stored before encryption as it is, and a key sealed with the local stand-in anywhere', () => {
    const sealer = createSealer({ current: newKey });
    expect(sealer.open('k1', jwk)).toBe(jwk);
    expect(sealer.protection(jwk)).toEqual({ kind: 'plain' });
    const local = createSealer();
    expect(local.currentKekId).toBe(LOCAL_KEK.id);
    const sealedLocally = local.seal('k1', jwk);
    expect(sealedLocally).not.toContain('private-scalar');
    expect(sealer.open('k1', sealedLocally)).toBe(jwk);
    expect(sealer.protection(sealedLocally)).toMatchObject({ by: 'local' });
  });

  it('takes 32 bytes as hex or base64 and nothing else', () => {
    const key = randomBytes(32);
    expect(parseKeyEncryptionKey(key.toString('hex'))).toEqual(key);
    expect(parseKeyEncryptionKey(key.toString('base64'))).toEqual(key);
    expect(parseKeyEncryptionKey(key.toString('base64url'))).toEqual(key);
    expect(parseKeyEncryptionKey(randomBytes(16).toString('base64'))).toBeUndefined();
    expect(parseKeyEncryptionKey(randomBytes(24).toString('hex'))).toBeUndefined();
    expect(parseKeyEncryptionKey('x'.repeat(44))).toBeUndefined();
  });
});
