import { randomUUID } from 'node:crypto';
import { authEndpoints, meEndpoints, meProviderPath, meSecurityEndpoints } from '@hub/core';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { FREE_PASSWORD_FAILURES } from '../flows/login/flow.js';
import { policy } from '../policy.js';
import { randomToken, sha256 } from '../services/tokens.js';
import { accountRow, seedAccount } from '../test-support/accounts.js';
import { setUpTestHub, type TestHub } from '../test-support/app.js';
import { auditEvents } from '../test-support/audit.js';
import {
  browserFor,
  latestCode,
  signInWith,
  strongPassword,
  type TestBrowser,
} from '../test-support/client.js';
import { testDialects } from '../test-support/databases.js';
import { expectCatalogueBody } from '../test-support/refusals.js';
import { testHubOrigin as hubOrigin, throughProvider } from '../test-support/social-sign-in.js';

const newPassword = 'Bagong-Password-2026!';

/**
 * The newest mail the dev mailbox holds for `to`, once the outbox has been delivered; the notices
 * of sign-ins from the test's other browsers (services/device.ts) are not what these tests read.
 */
const mailTo = async (hub: TestHub, to: string) => {
  await hub.mailWorker.runOnce();
  return hub.devMailbox?.list({ to }).find((mail) => !/new sign-in/i.test(mail.subject));
};

/** A refusal with this status whose catalogue body has these fields (code, field, …). */
const expectRefusal = (res: LightMyRequestResponse, status: number, body: Record<string, unknown>) => {
  expect(res.statusCode, res.body).toBe(status);
  expectCatalogueBody(res.json());
  expect(res.json()).toMatchObject(body);
};

const tally = (responses: LightMyRequestResponse[]) => {
  const counts: Record<string, number> = {};
  for (const res of responses) {
    const key = `${res.statusCode} ${res.json().code}`;
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
};

/** An account without a password (made by a provider), signed in at `browser` as a provider sign-in leaves it. */
const signInAsProviderAccount = async (hub: TestHub, browser: TestBrowser, id: string) => {
  const token = randomToken(32);
  const now = hub.clock.now();
  await hub.hub.sessions.insert({
    id: sha256(token),
    account_id: id,
    platform: 'psl',
    auth_method: 'google',
    ip: null,
    user_agent: null,
    created_at: now,
    last_seen_at: now,
    expires_at: now + policy.sessionTtlMs,
    revoked_at: null,
  });
  browser.cookies.set('hub_session', token);
};

describe.each(testDialects)('the account center: password on %s', (dialect) => {
  const ctx = setUpTestHub(dialect, { network: '198.19.41' });
  const email = () => `pw${ctx.n}@example.ph`;
  const change = (body: object, browser = ctx.browser) => browser.post(meSecurityEndpoints.password, body);
  /** Signed in from two browsers: this test's, and another at another address. */
  const twoBrowsers = async () => {
    const id = await seedAccount(ctx.hub, { email: email() });
    await signInWith(ctx.browser, email());
    const other = browserFor(ctx.hub, `198.19.42.${ctx.n}`);
    await signInWith(other, email());
    return { id, other };
  };

  it('changes the password, keeps the other sessions when not asked, audits it and mails a notice', async () => {
    const { id, other } = await twoBrowsers();
    const res = await change({ currentPassword: strongPassword, newPassword, endOtherSessions: false });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ otherSessionsEnded: 0 });
    expect((await other.get(meEndpoints.summary)).statusCode).toBe(200);
    expect((await ctx.browser.get(meEndpoints.summary)).statusCode).toBe(200);
    const row = await ctx.hub.hub.accounts.findById(id);
    expect(row?.password_changed_at).toBe(ctx.hub.clock.now());
    // The new password signs in, the old one no more.
    await signInWith(browserFor(ctx.hub), email(), { password: newPassword });
    await expect(signInWith(browserFor(ctx.hub), email())).rejects.toThrow(/password.incorrect/);
    const audit = await auditEvents(ctx.hub, { accountId: id, event: 'account.password_changed' });
    expect(audit).toHaveLength(1);
    expect(JSON.parse(audit[0]!.detail)).toEqual({ set: false, endOtherSessions: false, sessionsEnded: 0 });
    const notice = await mailTo(ctx.hub, email());
    expect(notice?.subject).toBe('Your Account Hub password was changed');
    expect(notice?.text).not.toContain(newPassword);
  });

  it('writes the notice in the language of the request: Filipino from Accept-Language (issue #18)', async () => {
    const { other } = await twoBrowsers();
    const res = await ctx.browser.post(
      meSecurityEndpoints.password,
      { currentPassword: strongPassword, newPassword, endOtherSessions: true },
      { 'accept-language': 'fil-PH,fil;q=0.9,en;q=0.8' },
    );
    expect(res.statusCode, res.body).toBe(200);
    expectRefusal(await other.get(meEndpoints.summary), 401, { code: 'session.required' });
    const notice = await mailTo(ctx.hub, email());
    expect(notice?.subject).toBe('Napalitan ang iyong password sa Account Hub');
    expect(notice?.text).toContain('Napalitan ang password ng iyong Account Hub account noong ');
    expect(notice?.text).toContain('Na-sign out ang iba mo pang device.');
    expect(notice?.html).toContain('<html lang="fil">');
    expect(notice?.text).not.toMatch(/\b(Your|was changed|If this was you)\b/);
  });

  it('ends the other sessions only when asked: the other browser’s next request is refused', async () => {
    const { other } = await twoBrowsers();
    const third = browserFor(ctx.hub, `198.19.43.${ctx.n}`);
    await signInWith(third, email());
    const res = await change({ currentPassword: strongPassword, newPassword, endOtherSessions: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ otherSessionsEnded: 2 });
    expectRefusal(await other.get(meEndpoints.summary), 401, { code: 'session.required' });
    expectRefusal(await third.get(meEndpoints.summary), 401, { code: 'session.required' });
    expect((await ctx.browser.get(meEndpoints.summary)).statusCode).toBe(200);
    expect((await mailTo(ctx.hub, email()))?.text).toContain('Your other devices were signed out.');
  });

  it('refuses a wrong current password, a weak, a common or the same password, and changes nothing', async () => {
    const id = await seedAccount(ctx.hub, { email: email() });
    await signInWith(ctx.browser, email());
    const before = await ctx.hub.hub.accounts.findById(id);
    expectRefusal(
      await change({ currentPassword: 'Wrong-password-1', newPassword, endOtherSessions: true }),
      401,
      { code: 'password.incorrect', field: 'currentPassword' },
    );
    expectRefusal(await change({ newPassword, endOtherSessions: false }), 400, {
      code: 'password.required',
      field: 'currentPassword',
    });
    // The empty one was refused before any compare: one attempt counted.
    const failures = (await ctx.hub.hub.accounts.findById(id))?.failed_password_count;
    expect(failures).toBe(1);
    // The new password's rules come first: a weak or common one costs no attempt.
    for (const [weak, code] of [
      ['short1!', 'password.too_weak'],
      ['alllowercase', 'password.too_weak'],
      ['Sasha_007', 'password.too_common'],
    ] as const) {
      expectRefusal(
        await change({ currentPassword: 'Wrong-password-1', newPassword: weak, endOtherSessions: false }),
        400,
        { code, field: 'newPassword' },
      );
    }
    expect((await ctx.hub.hub.accounts.findById(id))?.failed_password_count).toBe(failures);
    expectRefusal(
      await change({ currentPassword: strongPassword, newPassword: strongPassword, endOtherSessions: false }),
      400,
      { code: 'password.unchanged', field: 'newPassword' },
    );
    expect((await ctx.hub.hub.accounts.findById(id))?.password_hash).toBe(before?.password_hash);
    const audit = await auditEvents(ctx.hub, { accountId: id, event: 'account.password_change_failed' });
    expect(audit).toHaveLength(1);
  });

  it('holds parallel wrong current passwords to the login’s limit, shared with the login', async () => {
    const id = await seedAccount(ctx.hub, { email: email() });
    await signInWith(ctx.browser, email());
    const answers = await Promise.all(
      Array.from({ length: 16 }, (_, i) =>
        change({ currentPassword: `Wrong-guess-${i}`, newPassword, endOtherSessions: false }),
      ),
    );
    expect(tally(answers)).toEqual({
      '401 password.incorrect': FREE_PASSWORD_FAILURES,
      '429 rate_limited': 16 - FREE_PASSWORD_FAILURES,
    });
    // The account waits, whichever way the next password comes: the login too.
    const sameBrowser = browserFor(ctx.hub);
    const identified = await sameBrowser.post(authEndpoints.loginIdentify, {
      platform: 'psl',
      account: email(),
    });
    const wait = await sameBrowser.post(authEndpoints.loginPassword, {
      flowId: identified.json().flowId,
      password: strongPassword,
    });
    expect(wait.json()).toMatchObject({ code: 'rate_limited', retryAfter: 30 });
    expect((await ctx.hub.hub.accounts.findById(id))?.failed_password_count).toBe(FREE_PASSWORD_FAILURES);
  });

  it('lets an account without a password (made by a provider) set one, with the same rules', async () => {
    const id = randomUUID();
    await ctx.db.transaction().execute(async (trx) => {
      await ctx.hub.hub.accounts.insert(trx, accountRow(id, email(), ctx.hub.clock.now()));
      await ctx.hub.hub.accounts.addMembership(trx, id, 'psl', true, ctx.hub.clock.now());
    });
    await signInAsProviderAccount(ctx.hub, ctx.browser, id);
    const overview = await ctx.browser.get(meSecurityEndpoints.overview);
    expect(overview.json()).toMatchObject({ hasPassword: false, email: email(), signInMethods: 0 });
    expectRefusal(await change({ newPassword: 'Sasha_007', endOtherSessions: false }), 400, {
      code: 'password.too_common',
    });
    const res = await change({ newPassword, endOtherSessions: false });
    expect(res.statusCode, res.body).toBe(200);
    await signInWith(browserFor(ctx.hub), email(), { password: newPassword });
    expect((await mailTo(ctx.hub, email()))?.subject).toBe('Your Account Hub password was set');
    const audit = await auditEvents(ctx.hub, { accountId: id, event: 'account.password_changed' });
    expect(JSON.parse(audit[0]!.detail)).toMatchObject({ set: true });
  });

  it('acts only for a live session, from the hub’s own pages', async () => {
    const body = { currentPassword: strongPassword, newPassword, endOtherSessions: false };
    expectRefusal(await change(body, browserFor(ctx.hub)), 401, { code: 'session.required' });
    await seedAccount(ctx.hub, { email: email() });
    await signInWith(ctx.browser, email());
    const forged = await ctx.hub.app.inject({
      method: 'POST',
      url: meSecurityEndpoints.password,
      payload: body,
      headers: {
        origin: 'https://evil.example',
        cookie: [...ctx.browser.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      },
    });
    expectRefusal(forged, 403, { code: 'origin.forbidden' });
  });
});

describe.each(testDialects)('the account center: email on %s', (dialect) => {
  const ctx = setUpTestHub(dialect, { network: '198.19.44' });
  const oldEmail = () => `old${ctx.n}@example.ph`;
  const newEmail = () => `New${ctx.n}@Example.ph`;
  const start = (body: object, browser = ctx.browser) => browser.post(meSecurityEndpoints.email, body);
  const signedIn = async () => {
    const id = await seedAccount(ctx.hub, { email: oldEmail() });
    await signInWith(ctx.browser, oldEmail());
    return id;
  };
  const identify = (account: string) =>
    browserFor(ctx.hub).post(authEndpoints.loginIdentify, { platform: 'psl', account });

  it('mails a code to the new address; the old one signs in until the code comes back, then only the new', async () => {
    const id = await signedIn();
    const started = await start({ newEmail: ` ${newEmail()} `, password: strongPassword });
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json()).toMatchObject({ email: newEmail(), resendAfter: 360 });
    const code = await latestCode(ctx.hub, newEmail());
    // Not yet verified: the old address still signs in, the new one is no account.
    expect((await identify(oldEmail())).statusCode).toBe(200);
    expect((await identify(newEmail())).statusCode).toBe(404);

    const done = await ctx.browser.post(meSecurityEndpoints.emailVerify, {
      flowId: started.json().flowId,
      code,
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ email: newEmail() });
    const row = await ctx.hub.hub.accounts.findById(id);
    expect(row).toMatchObject({ email: newEmail(), email_normalized: newEmail().toLowerCase() });
    expectRefusal(await identify(oldEmail()), 404, { code: 'account.not_found' });
    await signInWith(browserFor(ctx.hub), newEmail().toLowerCase());
    // The notice goes to the old address; the audit says what happened, not the addresses.
    const notice = await mailTo(ctx.hub, oldEmail());
    expect(notice?.subject).toBe('Your Account Hub email address was changed');
    expect(notice?.text).toContain(newEmail());
    const audit = await auditEvents(ctx.hub, { accountId: id, event: 'account.email_changed' });
    expect(audit).toHaveLength(1);
    expect(audit[0]!.detail).not.toContain('@');
    // The flow is done: its code cannot be used twice.
    expectRefusal(
      await ctx.browser.post(meSecurityEndpoints.emailVerify, { flowId: started.json().flowId, code }),
      400,
      { code: 'code.expired' },
    );
  });

  it('mails the code and the notice in the language the person chose (hub_lng=fil, issue #18)', async () => {
    await signedIn();
    ctx.browser.cookies.set('hub_lng', 'fil');
    const started = await start({ newEmail: newEmail(), password: strongPassword });
    expect(started.statusCode, started.body).toBe(200);
    await ctx.hub.mailWorker.runOnce();
    const codeMail = ctx.hub.devMailbox?.latestFor(newEmail());
    expect(codeMail?.subject).toBe('Ang iyong code para palitan ang email sa Account Hub');
    expect(codeMail?.text).toContain('Mag-e-expire ang code na ito sa loob ng 10 minuto.');
    const code = await latestCode(ctx.hub, newEmail());
    const done = await ctx.browser.post(meSecurityEndpoints.emailVerify, {
      flowId: started.json().flowId,
      code,
    });
    expect(done.statusCode, done.body).toBe(200);
    const notice = await mailTo(ctx.hub, oldEmail());
    expect(notice?.subject).toBe('Napalitan ang iyong email address sa Account Hub');
    expect(notice?.text).toContain(
      `Napalitan ang email address ng iyong Account Hub account ng ${newEmail()}`,
    );
    expect(notice?.html).toContain('<html lang="fil">');
    expect(notice?.text).not.toMatch(/\b(Your|was changed|If this was you)\b/);
  });

  it('refuses an address another account holds as sign-up does, a wrong password, and no change at all', async () => {
    await signedIn();
    await seedAccount(ctx.hub, { email: `taken${ctx.n}@example.ph` });
    expectRefusal(await start({ newEmail: `TAKEN${ctx.n}@example.ph`, password: strongPassword }), 409, {
      code: 'account.already_exists',
      message: 'Account already exist.',
      field: 'newEmail',
    });
    expectRefusal(await start({ newEmail: newEmail(), password: 'Wrong-password-1' }), 401, {
      code: 'password.incorrect',
      field: 'password',
    });
    expectRefusal(await start({ newEmail: newEmail() }), 400, {
      code: 'password.required',
      field: 'password',
    });
    expectRefusal(await start({ newEmail: oldEmail().toUpperCase(), password: strongPassword }), 400, {
      code: 'email.unchanged',
    });
    expectRefusal(await start({ newEmail: 'not an email', password: strongPassword }), 400, {
      code: 'email.invalid',
    });
    expectRefusal(await start({ newEmail: '  ', password: strongPassword }), 400, { code: 'email.required' });
    await ctx.hub.mailWorker.runOnce();
    expect(ctx.hub.devMailbox?.latestFor(newEmail())).toBeUndefined();
  });

  it('refuses a wrong or expired code, resends after the countdown, and only in the browser that started it', async () => {
    const id = await signedIn();
    const started = await start({ newEmail: newEmail(), password: strongPassword });
    const { flowId } = started.json();
    const first = await latestCode(ctx.hub, newEmail());
    const wrong = first === '000000' ? '111111' : '000000';
    expectRefusal(await ctx.browser.post(meSecurityEndpoints.emailVerify, { flowId, code: wrong }), 400, {
      code: 'code.incorrect',
    });
    // The same account signed in elsewhere cannot use this browser's flow.
    const elsewhere = browserFor(ctx.hub, '198.19.45.1');
    await signInWith(elsewhere, oldEmail());
    expectRefusal(await elsewhere.post(meSecurityEndpoints.emailVerify, { flowId, code: first }), 404, {
      code: 'flow.not_found',
    });
    expectRefusal(await ctx.browser.post(meSecurityEndpoints.emailResend, { flowId }), 429, {
      code: 'rate_limited',
    });
    ctx.hub.clock.advance(policy.codeTtlMs);
    expectRefusal(await ctx.browser.post(meSecurityEndpoints.emailVerify, { flowId, code: first }), 400, {
      code: 'code.expired',
    });
    const resent = await ctx.browser.post(meSecurityEndpoints.emailResend, { flowId });
    expect(resent.statusCode, resent.body).toBe(200);
    const second = await latestCode(ctx.hub, newEmail());
    expect(
      (await ctx.browser.post(meSecurityEndpoints.emailVerify, { flowId, code: second })).statusCode,
    ).toBe(200);
    expect((await ctx.hub.hub.accounts.findById(id))?.email).toBe(newEmail());
    const failed = await auditEvents(ctx.hub, { accountId: id, event: 'email_change.code_failed' });
    expect(failed).toHaveLength(1);
  });

  it('refuses the code when another account took the address meanwhile, and keeps the old email', async () => {
    const id = await signedIn();
    const started = await start({ newEmail: newEmail(), password: strongPassword });
    const code = await latestCode(ctx.hub, newEmail());
    await seedAccount(ctx.hub, { email: newEmail() });
    expectRefusal(
      await ctx.browser.post(meSecurityEndpoints.emailVerify, { flowId: started.json().flowId, code }),
      409,
      { code: 'account.already_exists' },
    );
    expect((await ctx.hub.hub.accounts.findById(id))?.email).toBe(oldEmail());
  });

  it('lets an account known only by username add an email', async () => {
    const id = await seedAccount(ctx.hub, { email: oldEmail(), username: `user${ctx.n}` });
    await ctx.db
      .updateTable('accounts')
      .set({ email: null, email_normalized: null })
      .where('id', '=', id)
      .execute();
    await signInWith(ctx.browser, `user${ctx.n}`);
    const started = await start({ newEmail: newEmail(), password: strongPassword });
    expect(started.statusCode, started.body).toBe(200);
    const code = await latestCode(ctx.hub, newEmail());
    const done = await ctx.browser.post(meSecurityEndpoints.emailVerify, {
      flowId: started.json().flowId,
      code,
    });
    expect(done.statusCode, done.body).toBe(200);
    await signInWith(browserFor(ctx.hub), newEmail());
    expect(
      JSON.parse((await auditEvents(ctx.hub, { accountId: id, event: 'account.email_changed' }))[0]!.detail),
    ).toEqual({ added: true });
  });
});

describe.each(testDialects)('the account center: Google and Facebook on %s', (dialect) => {
  const ctx = setUpTestHub(dialect, {
    google: true,
    facebook: true,
    network: '198.19.46',
  });
  const email = () => `link${ctx.n}@example.ph`;
  const linkStart = (provider: 'google' | 'facebook') =>
    `/auth/social/${provider}/start?platform=psl&intent=link`;
  const link = async (provider: 'google' | 'facebook', browser = ctx.browser) =>
    browser.get(await throughProvider(browser, linkStart(provider)));
  const overview = async (browser = ctx.browser) => (await browser.get(meSecurityEndpoints.overview)).json();
  const landing = (res: LightMyRequestResponse) => {
    expect(res.statusCode, res.body).toBe(302);
    return new URL(String(res.headers.location), hubOrigin);
  };

  it('links Google to the signed-in account through the provider, whatever email Google has', async () => {
    const id = await seedAccount(ctx.hub, { email: email() });
    await signInWith(ctx.browser, email());
    expect(await overview()).toMatchObject({
      email: email(),
      hasPassword: true,
      linked: [],
      available: ['google', 'facebook'],
      signInMethods: 1,
    });
    ctx.google.next({ sub: `g-link-${ctx.n}`, email: `other${ctx.n}@gmail.example`, email_verified: false });
    const back = landing(await link('google'));
    expect(`${back.pathname}${back.search}`).toBe('/account/security?linked=google');
    expect(await overview()).toMatchObject({
      linked: [{ provider: 'google', email: `other${ctx.n}@gmail.example` }],
      signInMethods: 2,
    });
    expect(await auditEvents(ctx.hub, { accountId: id, event: 'account.provider_linked' })).toHaveLength(1);
    // The link signs in from now on.
    ctx.google.next({ sub: `g-link-${ctx.n}`, email: `other${ctx.n}@gmail.example`, email_verified: true });
    const fresh = browserFor(ctx.hub, '198.19.47.1');
    const signIn = await fresh.get(await throughProvider(fresh, '/auth/social/google/start?platform=psl'));
    expect(String(signIn.headers.location)).toMatch(/\/sso\/account\/auth\?ainfo=/);
  });

  it('refuses an identity linked to another account, a second one of a provider, and a browser signed out', async () => {
    await seedAccount(ctx.hub, { email: email() });
    await signInWith(ctx.browser, email());
    const someoneElse = await seedAccount(ctx.hub, { email: `else${ctx.n}@example.ph` });
    await ctx.db
      .insertInto('social_identities')
      .values({
        provider: 'google',
        subject: `g-else-${ctx.n}`,
        account_id: someoneElse,
        email: null,
        created_at: 1,
      })
      .execute();
    ctx.google.next({ sub: `g-else-${ctx.n}`, email: email(), email_verified: true });
    const taken = landing(await link('google'));
    expect(taken.pathname).toBe('/account/security');
    expect(taken.searchParams.get('social_error')).toBe('already_linked');

    ctx.facebook.next({ id: `fb-1-${ctx.n}`, email: email() });
    expect(landing(await link('facebook')).searchParams.get('linked')).toBe('facebook');
    ctx.facebook.next({ id: `fb-2-${ctx.n}`, email: email() });
    expect(landing(await link('facebook')).searchParams.get('social_error')).toBe('provider_linked');

    const signedOut = browserFor(ctx.hub, '198.19.47.2');
    const refused = landing(await signedOut.get(linkStart('google')));
    expect(refused.pathname).toBe('/account/security');
    expect(refused.searchParams.get('social_error')).toBe('state_refused');
  });

  it('unlinks a provider, but never the last way to sign in', async () => {
    // An account made by Google: no password, Google and Facebook linked.
    const id = randomUUID();
    await ctx.db.transaction().execute(async (trx) => {
      await ctx.hub.hub.accounts.insert(trx, accountRow(id, email(), ctx.hub.clock.now()));
      await ctx.hub.hub.accounts.addMembership(trx, id, 'psl', true, ctx.hub.clock.now());
    });
    await signInAsProviderAccount(ctx.hub, ctx.browser, id);
    await ctx.db
      .insertInto('social_identities')
      .values([
        { provider: 'google', subject: `g-only-${ctx.n}`, account_id: id, email: email(), created_at: 1 },
        { provider: 'facebook', subject: `fb-only-${ctx.n}`, account_id: id, email: email(), created_at: 2 },
      ])
      .execute();
    // Both at once: the account's lock makes them take turns, and the second is refused.
    const both = await Promise.all([
      ctx.browser.send('DELETE', meProviderPath('google')),
      ctx.browser.send('DELETE', meProviderPath('facebook')),
    ]);
    expect(both.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    const refused = both.find((res) => res.statusCode === 409)!;
    expectRefusal(refused, 409, { code: 'account.last_sign_in_method' });
    const left = await overview();
    expect(left.linked).toHaveLength(1);
    expect(left.signInMethods).toBe(1);
    expectRefusal(await ctx.browser.send('DELETE', meProviderPath(left.linked[0].provider)), 409, {
      code: 'account.last_sign_in_method',
    });
    const gone = left.linked[0].provider === 'google' ? 'facebook' : 'google';
    expectRefusal(await ctx.browser.send('DELETE', meProviderPath(gone)), 404, {
      code: 'provider.not_linked',
    });
    expect(await auditEvents(ctx.hub, { accountId: id, event: 'account.provider_unlinked' })).toHaveLength(1);

    // With a password set, the last identity may go.
    expect(
      (await ctx.browser.post(meSecurityEndpoints.password, { newPassword, endOtherSessions: false }))
        .statusCode,
    ).toBe(200);
    const unlinked = await ctx.browser.send('DELETE', meProviderPath(left.linked[0].provider));
    expect(unlinked.statusCode, unlinked.body).toBe(200);
    expect(unlinked.json()).toMatchObject({ linked: [], hasPassword: true, signInMethods: 1 });
  });

  it('unlinks only from the hub’s own pages, for a live session', async () => {
    expectRefusal(await browserFor(ctx.hub).send('DELETE', meProviderPath('google')), 401, {
      code: 'session.required',
    });
    const cross = await ctx.hub.app.inject({
      method: 'DELETE',
      url: meProviderPath('google'),
      headers: { origin: 'https://evil.example' },
    });
    expectRefusal(cross, 403, { code: 'origin.forbidden' });
  });
});
