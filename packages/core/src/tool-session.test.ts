import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { platforms } from './platform.js';
import {
  decodeToolSession,
  encodeToolSession,
  TOOL_SESSION_SECONDARY_STORAGE_KEY,
  TOOL_SESSION_STORAGE_KEY,
  type ToolSession,
} from './tool-session.js';

const toolInfoArb = fc.record(
  {
    tid: fc.nat(),
    name: fc.string({ minLength: 1, maxLength: 30 }),
    logo: fc.webUrl(),
    type: fc.integer({ min: 0, max: 9 }),
  },
  { requiredKeys: ['tid', 'name', 'logo'] },
);

const sessionArb: fc.Arbitrary<ToolSession> = fc.record(
  {
    cb: fc.webUrl({ withQueryParameters: true }).filter((url) => url.length <= 2048),
    tid: fc.nat(),
    tinfo: fc.array(toolInfoArb, { maxLength: 3 }),
    expiration: fc.constant(''),
    platform: fc.constantFrom(...platforms),
    tsa_key: fc.stringMatching(/^[A-Z_]{1,40}$/),
    pricing: fc.string({ maxLength: 20 }),
    subcb: fc.string({ maxLength: 50 }),
    ref_a_frnd: fc.stringMatching(/^[A-Za-z0-9_-]{0,60}$/),
    state: fc.stringMatching(/^[A-Za-z0-9._~-]{16,64}$/),
  },
  { requiredKeys: ['cb', 'tid', 'tinfo', 'expiration'] },
);

const sample = {
  cb: 'https://chat.example/sso/account/auth',
  tid: 18,
  tinfo: [{ tid: 18, name: 'Chat', logo: 'https://chat.example/logo.png', type: 1 }],
  expiration: '',
  platform: 'psl',
  tsa_key: 'PCHT_SSO_RQX',
};

describe('tool session (spec §3)', () => {
  it('uses the spec storage key, and a documented second key', () => {
    expect(TOOL_SESSION_STORAGE_KEY).toBe('pm_tool_session');
    expect(TOOL_SESSION_SECONDARY_STORAGE_KEY).toBe('pm_tool_session_prev');
  });

  it('keeps a tool’s state of 16 to 256 URL-safe characters, and refuses any other', () => {
    const state = 'Zm9vYmFyYmF6cXV4LTEyMw';
    expect(decodeToolSession(JSON.stringify({ ...sample, state }))).toEqual({
      ok: true,
      value: { ...sample, state },
    });
    for (const bad of [
      'short',
      'x'.repeat(257),
      'has space in it 123',
      'a&b=c&dddddddddddddd',
      '<script>xxxxxxxxxx',
    ])
      expect(decodeToolSession(JSON.stringify({ ...sample, state: bad })).ok).toBe(false);
  });

  it('decodes a typical session', () => {
    expect(decodeToolSession(JSON.stringify(sample))).toEqual({ ok: true, value: sample });
  });

  it('reads a numeric tid given as text and fills defaults', () => {
    expect(decodeToolSession('{"cb":"http://localhost:4000/cb","tid":"102"}')).toEqual({
      ok: true,
      value: { cb: 'http://localhost:4000/cb', tid: 102, tinfo: [], expiration: '' },
    });
  });

  it.each<[Record<string, unknown>, string]>([
    [{ ...sample, cb: 'javascript:alert(1)' }, 'a javascript: callback'],
    [{ ...sample, cb: 'data:text/html,hi' }, 'a data: callback'],
    [{ ...sample, cb: '/relative' }, 'a relative callback'],
    [{ ...sample, cb: undefined }, 'no callback'],
    [{ ...sample, tid: -1 }, 'a negative tid'],
    [{ ...sample, tid: 'abc' }, 'a tid that is not a number'],
    [{ ...sample, platform: 'personal' }, 'a platform name instead of a code'],
    [{ ...sample, tsa_key: 'A B' }, 'a tsa_key with a space'],
    [{ ...sample, tinfo: [{ tid: 1 }] }, 'a tool info without name and logo'],
  ])('refuses %j (%s)', (session, _reason) => {
    const result = decodeToolSession(JSON.stringify(session));
    expect(result.ok).toBe(false);
  });

  it('round-trips any session', () => {
    fc.assert(
      fc.property(sessionArb, (session) => {
        expect(decodeToolSession(encodeToolSession(session))).toEqual({ ok: true, value: session });
      }),
    );
  });
});
