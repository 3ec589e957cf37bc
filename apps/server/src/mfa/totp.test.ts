import { generateSync } from 'otplib';
import { describe, expect, it } from 'vitest';
import { newRecoveryCodes, recoveryCodeHash } from './recovery.js';
import { newTotpSecret, otpauthUri, qrCodeDataUrl, timeStepAt, totpStepOf } from './totp.js';

const now = Date.UTC(2026, 10, 21, 12, 0, 10);
const codeAt = (secret: string, ms: number) => generateSync({ secret, epoch: Math.floor(ms / 1000) });

describe('TOTP (RFC 6238 on otplib)', () => {
  const secret = newTotpSecret();

  it('accepts the current step and one either side, nothing further', async () => {
    const step = timeStepAt(now);
    for (const offset of [-1, 0, 1])
      expect(await totpStepOf(secret, codeAt(secret, now + offset * 30_000), now, null)).toBe(step + offset);
    for (const offset of [-3, -2, 2, 3]) {
      const code = codeAt(secret, now + offset * 30_000);
      // A code of another step may collide with one inside the window (1 in 10^6): skip that case.
      const inWindow = [-1, 0, 1].map((o) => codeAt(secret, now + o * 30_000));
      if (!inWindow.includes(code)) expect(await totpStepOf(secret, code, now, null)).toBeUndefined();
    }
  });

  it('refuses a code of the last accepted step, or an earlier one (replay within its period)', async () => {
    const step = timeStepAt(now);
    const code = codeAt(secret, now);
    expect(await totpStepOf(secret, code, now, step - 1)).toBe(step);
    expect(await totpStepOf(secret, code, now, step)).toBeUndefined();
    expect(await totpStepOf(secret, codeAt(secret, now - 30_000), now, step)).toBeUndefined();
    // The next step's code is still good.
    expect(await totpStepOf(secret, codeAt(secret, now + 30_000), now + 30_000, step)).toBe(step + 1);
  });

  it('makes a 160-bit Base32 secret, an otpauth URI and an SVG QR code', async () => {
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = otpauthUri(secret, 'ana@example.ph');
    expect(uri).toMatch(/^otpauth:\/\/totp\/Account%20Hub:ana%40example\.ph\?/);
    expect(new URL(uri).searchParams.get('issuer')).toBe('Account Hub');
    const qr = await qrCodeDataUrl(uri);
    expect(Buffer.from(qr.split(',')[1]!, 'base64').toString()).toContain('<svg');
  });
});

describe('recovery codes', () => {
  it('makes ten distinct codes in two groups of five, stored only as per-account hashes', () => {
    const { shown, hashes } = newRecoveryCodes('account-1');
    expect(shown).toHaveLength(10);
    expect(new Set(shown).size).toBe(10);
    for (const code of shown) expect(code).toMatch(/^[a-hjkmnp-z02-9]{5}-[a-hjkmnp-z02-9]{5}$/);
    expect(hashes[0]).toBe(recoveryCodeHash('account-1', shown[0]!.replace('-', '')));
    expect(recoveryCodeHash('account-2', shown[0]!.replace('-', ''))).not.toBe(hashes[0]);
  });
});
