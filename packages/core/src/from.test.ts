import { describe, expect, it } from 'vitest';
import { fromMeaningOf, parseFrom, toolSessionFrom } from './from.js';
import { encodeProfileSeed } from './profile-seed.js';
import { encodeToolSession, type ToolSession } from './tool-session.js';

const session: ToolSession = {
  cb: 'https://chat.example/sso/account/auth',
  tid: 18,
  tinfo: [{ tid: 18, name: 'Chat', logo: 'https://chat.example/logo.png' }],
  expiration: '',
  platform: 'psl',
  tsa_key: 'CHAT_TSA_KEY',
};

describe('parseFrom: one parse of `from` into its meaning', () => {
  it('reads a tsa key at /sso/rqx', () => {
    expect(parseFrom('MP_SSO_RQX', 'tsa_key')).toEqual({
      ok: true,
      value: { kind: 'tsa_key', key: 'MP_SSO_RQX' },
    });
    expect(parseFrom('not a key!', 'tsa_key').ok).toBe(false);
  });

  it('reads the tool session a later screen carries', () => {
    const parsed = parseFrom(encodeToolSession(session), 'tool_session');
    expect(parsed).toEqual({ ok: true, value: { kind: 'tool_session', session } });
    expect(toolSessionFrom(encodeToolSession(session))).toEqual(session);
  });

  it('reads the profile seed of the ubr_profile entry', () => {
    const seed = { credential: 'c-1', first_name: 'Ada', last_name: 'Lovelace' };
    expect(parseFrom(encodeProfileSeed(seed), 'profile_seed')).toEqual({
      ok: true,
      value: { kind: 'profile_seed', seed },
    });
  });

  it('refuses a missing value and a value of another meaning, without throwing', () => {
    for (const raw of [undefined, null, '', '{', '[]', 'MP_SSO_RQX', JSON.stringify({ tid: 'x' })]) {
      expect(parseFrom(raw, 'tool_session').ok).toBe(false);
      expect(toolSessionFrom(raw)).toBeUndefined();
    }
    // A tool session is no profile seed (it has no credential), and a seed no tool session.
    expect(parseFrom(encodeToolSession(session), 'profile_seed').ok).toBe(false);
    expect(parseFrom(encodeProfileSeed({ credential: 'c-1' }), 'tool_session').ok).toBe(false);
    expect(parseFrom('x'.repeat(10_000), 'tool_session')).toMatchObject({
      ok: false,
      error: { code: 'codec.malformed' },
    });
  });

  it('names the meaning by the entry: a profile seed only on ubr_profile', () => {
    expect(fromMeaningOf({ entry: 'ubr_profile' })).toBe('profile_seed');
    expect(fromMeaningOf({ entry: 'ubr_main' })).toBe('tool_session');
    expect(fromMeaningOf({})).toBe('tool_session');
  });
});
