import { describe, expect, it } from 'vitest';
import {
  authenticationResponseSchema,
  PASSKEY_NAME_MAX_LENGTH,
  passkeyNameSchema,
  passkeyParamsSchema,
  passkeyRegisterRequestSchema,
} from './passkeys.js';

const answer = {
  id: 'AbC-_09',
  rawId: 'AbC-_09',
  type: 'public-key',
  response: { clientDataJSON: 'e30', authenticatorData: 'AAAA', signature: 'MEUC', userHandle: 'dXNlcg' },
  clientExtensionResults: {},
};

describe('passkey contracts', () => {
  it('trims a passkey name and holds it to 1–64 characters', () => {
    expect(passkeyNameSchema.parse('  Work laptop ')).toBe('Work laptop');
    expect(passkeyNameSchema.safeParse('   ').success).toBe(false);
    expect(passkeyNameSchema.safeParse('x'.repeat(PASSKEY_NAME_MAX_LENGTH)).success).toBe(true);
    expect(passkeyNameSchema.safeParse('x'.repeat(PASSKEY_NAME_MAX_LENGTH + 1)).success).toBe(false);
    expect(passkeyNameSchema.safeParse('Laptop\u0000').success).toBe(false);
  });

  it("takes an authenticator's answer in its JSON outline only, base64url everywhere", () => {
    expect(authenticationResponseSchema.safeParse(answer).success).toBe(true);
    expect(authenticationResponseSchema.safeParse({ ...answer, type: 'password' }).success).toBe(false);
    expect(authenticationResponseSchema.safeParse({ ...answer, id: 'not base64url!' }).success).toBe(false);
    expect(authenticationResponseSchema.safeParse({ ...answer, id: '' }).success).toBe(false);
    const huge = { ...answer, response: { ...answer.response, signature: 'A'.repeat(4096) } };
    expect(authenticationResponseSchema.safeParse(huge).success).toBe(false);
  });

  it("names passkeys and challenges by the hub's own random ids only", () => {
    expect(passkeyParamsSchema.safeParse({ id: 'a'.repeat(22) }).success).toBe(true);
    expect(passkeyParamsSchema.safeParse({ id: '../../etc' }).success).toBe(false);
    expect(
      passkeyRegisterRequestSchema.safeParse({ challengeId: 'short', name: 'Key', response: {} }).success,
    ).toBe(false);
  });
});
