import { encodeProfileSeed, encodeToolSession, type ToolSession } from '@hub/core';
import { describe, expect, it } from 'vitest';
import { parseContext, toContextRecord } from './flow-context.js';

const session: ToolSession = {
  cb: 'https://chat.example/sso/account/auth',
  tid: 18,
  tinfo: [{ tid: 18, name: 'Chat', logo: 'https://chat.example/logo.png' }],
  expiration: '',
  tsa_key: 'CHAT_TSA_KEY',
};

describe('the flow context: `from` parsed once, the stored record checked when read', () => {
  it('keeps the validated tool session beside the raw `from` a later URL carries', () => {
    const from = encodeToolSession(session);
    const record = toContextRecord({ from, subcb: 'orders' });
    expect(record).toEqual({ from, tool: session, subcb: 'orders' });
    // Stored as JSON and read back: the same record, the tool session checked again by its schema.
    expect(parseContext(JSON.stringify(record))).toEqual(record);
  });

  it('reads the ubr_profile entry’s `from` as a profile seed, and nothing else as one', () => {
    const seed = { credential: 'c-1', first_name: 'Ada', last_name: 'Lovelace' };
    const from = encodeProfileSeed(seed);
    expect(toContextRecord({ from }, { entry: 'ubr_profile' })).toEqual({
      entry: 'ubr_profile',
      from,
      profileSeed: seed,
    });
    expect(toContextRecord({ from })).toEqual({ from });
  });

  it('keeps an unreadable `from` only as text to hand back, never as a tool session', () => {
    expect(toContextRecord({ from: '{"tid":"x"}' })).toEqual({ from: '{"tid":"x"}' });
  });

  it('fails on a stored context that does not match its schema (damage, not input)', () => {
    expect(() => parseContext('{')).toThrow('not JSON');
    expect(() => parseContext(JSON.stringify({ tool: { tid: 'x' } }))).toThrow('does not match its schema');
    expect(() => parseContext(JSON.stringify({ from: 7 }))).toThrow('does not match its schema');
    // A flow kind's own keys pass through for its reader.
    expect(parseContext(JSON.stringify({ subcb: 'a', signIn: { method: 'password' } }))).toEqual({
      subcb: 'a',
      signIn: { method: 'password' },
    });
  });
});
