import { meEndpoints } from '@hub/core';
import { describe, expect, it } from 'vitest';
import { seedAccount } from '../test-support/accounts.js';
import { setUpTestHub } from '../test-support/app.js';
import { browserFor, signInWith } from '../test-support/client.js';
import { testDialects } from '../test-support/databases.js';
import { expectRefusal } from '../test-support/refusals.js';
import { initialsOf } from './summary.js';

describe('initialsOf', () => {
  it('takes the first letters of the first and last name, else of the account', () => {
    expect(initialsOf({ first: 'maria', last: 'Clara' }, 'x')).toBe('MC');
    expect(initialsOf({ first: 'Ñino', last: 'Ángeles' }, 'x')).toBe('ÑÁ');
    expect(initialsOf(null, 'juan@example.ph')).toBe('J');
    expect(initialsOf(null, '+63 917 555 0101')).toBe('6');
    expect(initialsOf(null, '')).toBe('?');
  });
});

describe.each(testDialects)('GET /api/me on %s', (dialect) => {
  const ctx = setUpTestHub(dialect, { network: '198.19.40' });

  it('names the signed-in account, its platforms and initials, and is never cached', async () => {
    const email = `me${ctx.n}@example.ph`;
    await seedAccount(ctx.hub, { email, platforms: ['biz', 'psl'] });
    await signInWith(ctx.browser, email, { platform: 'biz' });
    const res = await ctx.browser.get(meEndpoints.summary);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toMatchObject({
      account: { kind: 'email', display: email },
      homePlatform: 'biz',
      platforms: ['psl', 'biz'],
      userType: 0,
    });
    expect(res.json().initials).toMatch(/^\p{Lu}{1,2}$/u);
  });

  it('asks a browser without a live session to sign in', async () => {
    expectRefusal(await browserFor(ctx.hub).get(meEndpoints.summary), 401, {
      code: 'session.required',
      message: 'Please sign in to continue.',
    });
  });
});
