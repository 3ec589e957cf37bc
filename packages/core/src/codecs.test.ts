import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeBase64Account, encodeBase64Account } from './base64-account.js';
import { decodeBase64JsonWith, parseJsonCapped } from './codecs.js';
import { decodeProfileSeed } from './profile-seed.js';
import { decodeRefAFrnd, refAFrndSchema } from './referral.js';
import type { Result } from './result.js';
import { decodeSainfo } from './sainfo.js';
import { decodeToolSession } from './tool-session.js';

const decoders: Record<string, (raw: string | null | undefined) => Result<unknown>> = {
  decodeSainfo,
  decodeToolSession,
  decodeRefAFrnd,
  decodeProfileSeed,
  decodeBase64Account: (raw) => decodeBase64Account(raw ?? ''),
};

const expectMalformed = (result: Result<unknown>) => {
  expect(result.ok).toBe(false);
  if (!result.ok) expect(result.error.code).toBe('codec.malformed');
};

// JSON that is valid but never a valid payload of any codec: every codec needs an object or text.
const notAnObject = fc.oneof(
  fc.constant('null'),
  fc.constant('[]'),
  fc.integer().map(String),
  fc.double({ noNaN: true, noDefaultInfinity: true }).map((n) => JSON.stringify(n)),
  fc.array(fc.jsonValue(), { maxLength: 5 }).map((a) => JSON.stringify(a)),
  fc.boolean().map(String),
);

describe('every codec answers garbage with codec.malformed, never a throw (spec §3)', () => {
  it.each(Object.entries(decoders))(
    '%s refuses missing, empty, non-object and huge input',
    (_name, decode) => {
      for (const raw of [
        null,
        undefined,
        '',
        'null',
        '[]',
        '42',
        '"text"',
        'true',
        '{',
        '{"a":}',
        '\u0000',
      ]) {
        expectMalformed(decode(raw));
      }
      expectMalformed(decode(`{"x":"${'y'.repeat(100_000)}"}`));
      expectMalformed(decode('{}'.repeat(1_000_000)));
    },
  );

  // decodeBase64Account reads base64 text, not JSON: a number such as "65640540" is base64 of valid
  // UTF-8 ("\uB7B8\u04DE4"), which it rightly shows; its own property is below.
  const jsonDecoders = Object.entries(decoders).filter(([name]) => name !== 'decodeBase64Account');
  it.each(jsonDecoders)('%s refuses JSON values that are not its object', (_name, decode) => {
    fc.assert(fc.property(notAnObject, (raw) => expectMalformed(decode(raw))));
  });

  it('decodeBase64Account accepts only base64 of UTF-8 text without control characters, and gives that text', () => {
    fc.assert(
      fc.property(fc.oneof(notAnObject, fc.base64String(), fc.string()), (raw) => {
        const result = decodeBase64Account(raw);
        if (!result.ok) {
          expect(result.error.code).toBe('codec.malformed');
          return;
        }
        expect(result.value).not.toBe('');
        expect(result.value).not.toMatch(/\p{Cc}/u);
        expect(decodeBase64Account(encodeBase64Account(result.value))).toEqual(result);
      }),
    );
  });

  it.each(Object.entries(decoders))('%s never throws on any string, including unicode', (_name, decode) => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string({ unit: 'binary' }), fc.json(), fc.string({ unit: 'grapheme' })),
        (raw) => {
          const result = decode(raw);
          if (!result.ok) expect(result.error.code).toBe('codec.malformed');
        },
      ),
    );
  });

  it('does not pollute Object.prototype', () => {
    for (const decode of Object.values(decoders)) {
      decode('{"__proto__":{"polluted":true},"cb":"x"}');
      decode(
        '{"constructor":{"prototype":{"polluted":true}},"contact_info":{"__proto__":{"polluted":true}}}',
      );
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('shared helpers', () => {
  it('parseJsonCapped measures UTF-8 bytes', () => {
    expect(parseJsonCapped('"é"', 4)).toEqual({ ok: true, value: 'é' });
    expect(parseJsonCapped('"éé"', 5).ok).toBe(false);
  });

  it('names the failing field but not its value', () => {
    const result = decodeBase64JsonWith(refAFrndSchema, btoa('{"tid":1,"aid":"a b","ref_from":1}'), 1024);
    expect(result).toEqual({
      ok: false,
      error: { code: 'codec.malformed', reason: expect.stringMatching(/^aid: /) },
    });
    if (!result.ok) expect(result.error.reason).not.toContain('a b');
  });
});
