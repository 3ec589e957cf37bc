import { meEndpoints, meProfileEndpoints } from '@hub/core';
import { describe, expect, it } from 'vitest';
import { seedAccount } from '../test-support/accounts.js';
import { setUpTestHub } from '../test-support/app.js';
import { auditEvents } from '../test-support/audit.js';
import { browserFor, signInWith } from '../test-support/client.js';
import { testDialects } from '../test-support/databases.js';
import { expectRefusal } from '../test-support/refusals.js';

describe.each(testDialects)('POST /api/me/profile on %s', (dialect) => {
  const ctx = setUpTestHub(dialect, { network: '198.19.41' });

  const signedIn = async () => {
    const email = `profile${ctx.n}@example.ph`;
    const id = await seedAccount(ctx.hub, { email });
    await signInWith(ctx.browser, email);
    return id;
  };
  const profileRow = (id: string) =>
    ctx.db
      .selectFrom('profiles')
      .select(['first_name', 'middle_name', 'last_name', 'suffix', 'contact_info'])
      .where('account_id', '=', id)
      .executeTakeFirst();

  it('gives an account without a profile one, then changes its name; each change audited', async () => {
    const id = await signedIn();
    expect(await profileRow(id)).toBeUndefined();
    const first = await ctx.browser.post(meProfileEndpoints.profile, {
      first: ' Maria ',
      middle: '',
      last: 'Clara',
      suffix: null,
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    expect(first.json()).toEqual({ name: { first: 'Maria', middle: null, last: 'Clara', suffix: null } });
    expect(await profileRow(id)).toEqual({
      first_name: 'Maria',
      middle_name: null,
      last_name: 'Clara',
      suffix: null,
      contact_info: '{}',
    });

    const second = await ctx.browser.post(meProfileEndpoints.profile, {
      first: 'Maria',
      middle: 'Santos',
      last: 'de los Reyes',
      suffix: 'Jr.',
    });
    expect(second.statusCode, second.body).toBe(200);
    expect((await ctx.browser.get(meEndpoints.summary)).json()).toMatchObject({
      name: { first: 'Maria', middle: 'Santos', last: 'de los Reyes', suffix: 'Jr.' },
      initials: 'MD',
    });

    const audit = await auditEvents(ctx.hub, { accountId: id, event: 'account.profile_changed' });
    expect(audit.map((row) => JSON.parse(row.detail))).toEqual([
      { created: true, first: true, middle: false, last: true, suffix: false },
      { created: false, first: false, middle: true, last: true, suffix: true },
    ]);
    // The audit says what changed, never the name.
    expect(JSON.stringify(audit)).not.toContain('Clara');
  });

  it('refuses a missing, unusable or too long name with the field, and changes nothing', async () => {
    const id = await signedIn();
    const refusals: Array<[Record<string, unknown>, string, string]> = [
      [{ first: '  ', last: 'Cruz' }, 'name.required', 'first'],
      [{ first: 'Juan', last: '' }, 'name.required', 'last'],
      [{ first: 'Juan<script>', last: 'Cruz' }, 'name.invalid', 'first'],
      [{ first: 'Juan', middle: 'x\u202E', last: 'Cruz' }, 'name.invalid', 'middle'],
      [{ first: 'Juan', last: 'Cruz', suffix: 'Jr.!' }, 'name.invalid', 'suffix'],
      [{ first: 'J'.repeat(101), last: 'Cruz' }, 'name.too_long', 'first'],
    ];
    for (const [body, code, field] of refusals) {
      const res = await ctx.browser.post(meProfileEndpoints.profile, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ code, field });
    }
    // Past the transport cap, or with a field the contract does not have: a bad request.
    for (const body of [
      { first: 'J'.repeat(401), last: 'Cruz' },
      { first: 'Juan', last: 'Cruz', aid: 'someone-else' },
      { first: 'Juan' },
    ]) {
      expect((await ctx.browser.post(meProfileEndpoints.profile, body)).json().code).toBe('request.invalid');
    }
    expect(await profileRow(id)).toBeUndefined();
    expect(await auditEvents(ctx.hub, { accountId: id, event: 'account.profile_changed' })).toEqual([]);
  });

  it('reads the name and every identifier the account is known by', async () => {
    const email = `ids${ctx.n}@example.ph`;
    await seedAccount(ctx.hub, { email, mobile: '9171234567', username: 'juan.cruz' });
    await signInWith(ctx.browser, email);
    const res = await ctx.browser.get(meProfileEndpoints.profile);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({
      name: null,
      identifiers: [
        { kind: 'email', display: email },
        { kind: 'mobile_num', display: '+639171234567' },
        { kind: 'username', display: 'juan.cruz' },
      ],
    });
    expect((await browserFor(ctx.hub).get(meProfileEndpoints.profile)).statusCode).toBe(401);
  });

  it('needs the session, and a request from the hub’s own pages', async () => {
    const id = await signedIn();
    expectRefusal(
      await browserFor(ctx.hub).post(meProfileEndpoints.profile, { first: 'A', last: 'B' }),
      401,
      {
        code: 'session.required',
        message: 'Please sign in to continue.',
      },
    );
    const crossSite = await ctx.browser.post(
      meProfileEndpoints.profile,
      { first: 'Eve', last: 'Mallory' },
      { origin: 'https://evil.test' },
    );
    expect(crossSite.statusCode).toBe(403);
    expect(crossSite.json().code).toBe('origin.forbidden');
    expect(await profileRow(id)).toBeUndefined();
  });

  it('is throttled per account', async () => {
    await signedIn();
    let status = 200;
    for (let i = 0; i < 40 && status === 200; i += 1)
      status = (await ctx.browser.post(meProfileEndpoints.profile, { first: `Juan`, last: 'Cruz' }))
        .statusCode;
    expect(status).toBe(429);
  });
});
