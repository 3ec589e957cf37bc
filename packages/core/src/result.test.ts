import { describe, expect, it } from 'vitest';
import { malformed, ok } from './result.js';

describe('Result', () => {
  it('builds both shapes', () => {
    expect(ok(3)).toEqual({ ok: true, value: 3 });
    expect(malformed('why')).toEqual({ ok: false, error: { code: 'codec.malformed', reason: 'why' } });
  });
});
