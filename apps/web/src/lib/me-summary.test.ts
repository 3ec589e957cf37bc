import { meSummarySchema } from '@hub/core';
import { describe, expect, it } from 'vitest';
import { readMeSummary } from './me-summary';

const me = {
  account: { kind: 'email', display: 'a@example.ph' },
  name: { first: 'A', middle: null, last: 'B', suffix: 'Jr.' },
  initials: 'AB',
  userType: 0,
  homePlatform: 'psl',
  platforms: ['psl', 'biz'],
  createdAt: 1,
};

describe('readMeSummary', () => {
  it('accepts what the contract accepts', () => {
    for (const value of [me, { ...me, name: null }]) {
      expect(meSummarySchema.safeParse(value).success).toBe(true);
      expect(readMeSummary(value)).toEqual(value);
    }
  });

  it('refuses what the contract refuses', () => {
    for (const value of [
      null,
      'x',
      { ...me, account: { kind: 'phone', display: 'x' } },
      { ...me, name: { first: 'A' } },
      { ...me, initials: 1 },
      { ...me, userType: 1.5 },
      { ...me, homePlatform: 'xyz' },
      { ...me, platforms: ['psl', 'nope'] },
      { ...me, createdAt: undefined },
    ]) {
      expect(meSummarySchema.safeParse(value).success, JSON.stringify(value)).toBe(false);
      expect(readMeSummary(value)).toBeUndefined();
    }
  });
});
