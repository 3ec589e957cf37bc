import { authEndpoints, type MeSession, meEndpoints, meSessionsEndpoints } from '@hub/core';
import { describe, expect, it } from 'vitest';
import { MINUTE_MS, policy } from '../policy.js';
import { sha256 } from '../services/tokens.js';
import { seedAccount } from '../test-support/accounts.js';
import { setUpTestHub } from '../test-support/app.js';
import { auditEvents } from '../test-support/audit.js';
import { browserFor, signInWith, type TestBrowser } from '../test-support/client.js';
import { testDialects } from '../test-support/databases.js';
import { expectRefusal } from '../test-support/refusals.js';

const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.6 Mobile/15E148 Safari/604.1';
const WINDOWS_FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';

const endPath = (id: string) => meSessionsEndpoints.endSession.replace(':id', id);

describe.each(testDialects)('the Devices page API on %s', (dialect) => {
  const ctx = setUpTestHub(dialect, { network: '198.19.41' });

  /** A browser with its own address and user agent, signed in to `email`. */
  const signedInBrowser = async (
    email: string,
    userAgent: string,
    octet: number,
    platform: 'psl' | 'biz' = 'psl',
  ) => {
    const browser = browserFor(ctx.hub, `198.19.${40 + ctx.n}.${octet}`);
    browser.userAgent = userAgent;
    await signInWith(browser, email, { platform });
    return browser;
  };
  const sessionsOf = async (browser: TestBrowser) => {
    const res = await browser.get(meSessionsEndpoints.sessions);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().sessions as MeSession[];
  };

  it("lists the account's live sessions with device, address, method and times, this browser's first and marked", async () => {
    const email = `dev${ctx.n}@example.ph`;
    await seedAccount(ctx.hub, { email, platforms: ['psl', 'biz'] });
    const phone = await signedInBrowser(email, ANDROID_CHROME, 1);
    ctx.hub.clock.advance(MINUTE_MS);
    const laptop = await signedInBrowser(email, IPHONE_SAFARI, 2, 'biz');
    // Another account's session is never listed.
    await seedAccount(ctx.hub, { email: `other${ctx.n}@example.ph` });
    await signedInBrowser(`other${ctx.n}@example.ph`, WINDOWS_FIREFOX, 3);

    const res = await laptop.get(meSessionsEndpoints.sessions);
    expect(res.headers['cache-control']).toBe('no-store');
    const sessions = res.json().sessions as MeSession[];
    const start = ctx.hub.clock.now();
    expect(sessions).toEqual([
      expect.objectContaining({
        device: 'Safari on iPhone',
        ip: `198.19.${40 + ctx.n}.2`,
        platform: 'biz',
        method: 'password',
        signedInAt: start,
        lastSeenAt: start,
        current: true,
      }),
      expect.objectContaining({
        device: 'Chrome on Android',
        ip: `198.19.${40 + ctx.n}.1`,
        platform: 'psl',
        signedInAt: start - MINUTE_MS,
        current: false,
      }),
    ]);
    // The ids are not the stored ones (the hash the cookie is looked up by).
    const stored = await ctx.db.selectFrom('sessions').select('id').execute();
    for (const s of sessions) expect(stored.map((row) => row.id)).not.toContain(s.id);
    // The other browser sees the same two, itself marked.
    expect((await sessionsOf(phone)).map((s) => [s.device, s.current])).toEqual([
      ['Chrome on Android', true],
      ['Safari on iPhone', false],
    ]);
  });

  it('stores a new session under its time and the hash of its cookie, never the cookie; a session of a bare hash still works', async () => {
    const email = `stored${ctx.n}@example.ph`;
    const id = await seedAccount(ctx.hub, { email });
    const browser = await signedInBrowser(email, ANDROID_CHROME, 4);
    const token = browser.cookies.get('hub_session')!;
    expect(token).toMatch(/^[0-9a-z]{9}[A-Za-z0-9_-]{43}$/);
    expect(Number.parseInt(token.slice(0, 9), 36)).toBe(ctx.hub.clock.now());
    const rows = await ctx.db.selectFrom('sessions').select('id').where('account_id', '=', id).execute();
    expect(rows).toEqual([{ id: `${token.slice(0, 9)}${sha256(token)}` }]);
    // A session made before the ids carried their time: its row is the bare hash of its cookie.
    const older = 'a'.repeat(43);
    await ctx.db
      .updateTable('sessions')
      .set({ id: sha256(older) })
      .where('account_id', '=', id)
      .execute();
    browser.cookies.set('hub_session', older);
    expect((await sessionsOf(browser)).map((s) => s.current)).toEqual([true]);
  });

  it("ends another browser's session: that browser's next request is refused; audited; a second end is 404", async () => {
    const email = `end${ctx.n}@example.ph`;
    const accountId = await seedAccount(ctx.hub, { email });
    const phone = await signedInBrowser(email, ANDROID_CHROME, 1);
    const laptop = await signedInBrowser(email, WINDOWS_FIREFOX, 2);
    const other = (await sessionsOf(laptop)).find((s) => !s.current)!;

    const ended = await laptop.send('DELETE', endPath(other.id));
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json()).toEqual({ signedOut: false });
    expectRefusal(await phone.get(meEndpoints.summary), 401, {
      code: 'session.required',
      message: 'Please sign in to continue.',
    });
    expect((await laptop.get(meEndpoints.summary)).statusCode).toBe(200);
    expect((await sessionsOf(laptop)).map((s) => s.device)).toEqual(['Firefox on Windows']);
    expect(await auditEvents(ctx.hub, { accountId, event: 'session.ended' })).toEqual([
      {
        event: 'session.ended',
        detail: JSON.stringify({ scope: 'one', ended: 1, device: 'Chrome on Android' }),
      },
    ]);
    expectRefusal(await laptop.send('DELETE', endPath(other.id)), 404, {
      code: 'session.not_found',
      message: 'This session has already ended.',
    });
  });

  it("ends this browser's own session as a log-out: the cookie is cleared and the session refused", async () => {
    const email = `self${ctx.n}@example.ph`;
    await seedAccount(ctx.hub, { email });
    const laptop = await signedInBrowser(email, WINDOWS_FIREFOX, 1);
    const stolenCookie = new Map(laptop.cookies);
    const mine = (await sessionsOf(laptop))[0]!;
    const res = await laptop.send('DELETE', endPath(mine.id));
    expect(res.json()).toEqual({ signedOut: true });
    const cleared = res.cookies.find((c) => c.name.includes('hub_session'));
    expect(cleared?.value).toBe('');
    expect((await laptop.get(meEndpoints.summary)).statusCode).toBe(401);
    // The old cookie, kept by someone, is refused too: the row is revoked, not only the cookie.
    const replay = browserFor(ctx.hub, '198.19.99.1');
    for (const [name, value] of stolenCookie) replay.cookies.set(name, value);
    expect((await replay.get(meEndpoints.summary)).statusCode).toBe(401);
  });

  it('ends every other session and keeps this one', async () => {
    const email = `others${ctx.n}@example.ph`;
    const accountId = await seedAccount(ctx.hub, { email });
    const a = await signedInBrowser(email, ANDROID_CHROME, 1);
    const b = await signedInBrowser(email, IPHONE_SAFARI, 2);
    const c = await signedInBrowser(email, WINDOWS_FIREFOX, 3);
    const res = await c.post(meSessionsEndpoints.endOthers, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ended: 2 });
    expect((await a.get(meEndpoints.summary)).statusCode).toBe(401);
    expect((await b.get(meEndpoints.summary)).statusCode).toBe(401);
    expect((await c.get(meEndpoints.summary)).statusCode).toBe(200);
    expect((await c.post(meSessionsEndpoints.endOthers, {})).json()).toEqual({ ended: 0 });
    const audit = await auditEvents(ctx.hub, { accountId, event: 'session.ended' });
    expect(audit.map((row) => JSON.parse(row.detail))).toEqual([
      { scope: 'others', ended: 2 },
      { scope: 'others', ended: 0 },
    ]);
  });

  it("cannot end another account's session: 404 as for an id that never existed, and it lives on", async () => {
    await seedAccount(ctx.hub, { email: `victim${ctx.n}@example.ph` });
    await seedAccount(ctx.hub, { email: `mallory${ctx.n}@example.ph` });
    const victim = await signedInBrowser(`victim${ctx.n}@example.ph`, ANDROID_CHROME, 1);
    const mallory = await signedInBrowser(`mallory${ctx.n}@example.ph`, WINDOWS_FIREFOX, 2);
    const victimId = (await sessionsOf(victim))[0]!.id;
    const theirs = await mallory.send('DELETE', endPath(victimId));
    const unknown = await mallory.send('DELETE', endPath('A'.repeat(32)));
    expectRefusal(theirs, 404, { code: 'session.not_found', message: 'This session has already ended.' });
    expect(theirs.body).toBe(unknown.body);
    expect((await victim.get(meEndpoints.summary)).statusCode).toBe(200);
    // Ending others ends only the caller's own.
    await mallory.post(meSessionsEndpoints.endOthers, {});
    expect((await victim.get(meEndpoints.summary)).statusCode).toBe(200);
  });

  it('refuses a change from another origin or without a session, and a malformed id', async () => {
    const email = `csrf${ctx.n}@example.ph`;
    await seedAccount(ctx.hub, { email });
    const laptop = await signedInBrowser(email, WINDOWS_FIREFOX, 1);
    const mine = (await sessionsOf(laptop))[0]!;
    const forged = await ctx.hub.app.inject({
      method: 'DELETE',
      url: endPath(mine.id),
      headers: {
        origin: 'https://evil.example',
        cookie: [...laptop.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      },
    });
    expect(forged.statusCode).toBe(403);
    expect(forged.json().code).toBe('origin.forbidden');
    const forgedOthers = await laptop.post(
      meSessionsEndpoints.endOthers,
      {},
      { origin: 'https://evil.example' },
    );
    expect(forgedOthers.json().code).toBe('origin.forbidden');
    expect((await laptop.get(meEndpoints.summary)).statusCode).toBe(200);
    expect((await browserFor(ctx.hub).send('DELETE', endPath(mine.id))).statusCode).toBe(401);
    expect((await browserFor(ctx.hub).get(meSessionsEndpoints.sessions)).statusCode).toBe(401);
    expect((await laptop.send('DELETE', endPath('not an id'))).json().code).toBe('request.invalid');
  });

  it('records the last use at most once per interval, whatever the number of requests', async () => {
    const email = `seen${ctx.n}@example.ph`;
    const accountId = await seedAccount(ctx.hub, { email });
    const laptop = await signedInBrowser(email, WINDOWS_FIREFOX, 1);
    const signedInAt = ctx.hub.clock.now();
    const lastSeen = async () =>
      (
        await ctx.db
          .selectFrom('sessions')
          .select('last_seen_at')
          .where('account_id', '=', accountId)
          .executeTakeFirstOrThrow()
      ).last_seen_at;

    ctx.hub.clock.advance(policy.sessionTouchIntervalMs - 1);
    for (let i = 0; i < 5; i += 1) await laptop.get(meEndpoints.summary);
    expect(await lastSeen()).toBe(signedInAt);

    ctx.hub.clock.advance(1);
    const touchedAt = ctx.hub.clock.now();
    await Promise.all([1, 2, 3, 4].map(() => laptop.get(meEndpoints.summary)));
    expect(await lastSeen()).toBe(touchedAt);
    ctx.hub.clock.advance(MINUTE_MS);
    await laptop.get(meEndpoints.summary);
    expect(await lastSeen()).toBe(touchedAt);
    expect((await sessionsOf(laptop))[0]!.lastSeenAt).toBe(touchedAt);
  });
});

describe.each(testDialects)('the sign-in history on %s', (dialect) => {
  const ctx = setUpTestHub(dialect, { network: '198.19.42' });

  it("lists this account's sign-ins and failed attempts, newest first, with device and address, a page at a time", async () => {
    const email = `hist${ctx.n}@example.ph`;
    await seedAccount(ctx.hub, { email });
    await seedAccount(ctx.hub, { email: `stranger${ctx.n}@example.ph` });
    const phone = browserFor(ctx.hub, '198.19.42.10');
    phone.userAgent = ANDROID_CHROME;
    // A wrong password on this account, then a sign-in.
    const identified = await phone.post(authEndpoints.loginIdentify, { platform: 'psl', account: email });
    ctx.hub.clock.advance(1000);
    await phone.post(authEndpoints.loginPassword, {
      flowId: identified.json().flowId,
      password: 'Wrong-pass-1',
    });
    ctx.hub.clock.advance(1000);
    await signInWith(phone, email);
    // Another account's failure is not this account's history.
    const stranger = browserFor(ctx.hub, '198.19.42.11');
    const theirs = await stranger.post(authEndpoints.loginIdentify, {
      platform: 'psl',
      account: `stranger${ctx.n}@example.ph`,
    });
    await stranger.post(authEndpoints.loginPassword, {
      flowId: theirs.json().flowId,
      password: 'Wrong-pass-1',
    });
    ctx.hub.clock.advance(1000);
    const laptop = browserFor(ctx.hub, '198.19.42.12');
    laptop.userAgent = WINDOWS_FIREFOX;
    await signInWith(laptop, email, { platform: 'psl' });

    const res = await laptop.get(meSessionsEndpoints.signIns);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const now = ctx.hub.clock.now();
    expect(res.json()).toEqual({
      signIns: [
        expect.objectContaining({
          at: now,
          kind: 'sign_in',
          outcome: 'success',
          method: 'password',
          platform: 'psl',
          tool: null,
          device: 'Firefox on Windows',
          ip: '198.19.42.12',
        }),
        expect.objectContaining({
          at: now - 1000,
          kind: 'sign_in',
          device: 'Chrome on Android',
          ip: '198.19.42.10',
        }),
        expect.objectContaining({
          at: now - 2000,
          kind: 'wrong_password',
          outcome: 'failure',
          method: 'password',
          device: 'Chrome on Android',
        }),
      ],
      nextBefore: null,
    });

    const first = await laptop.get(`${meSessionsEndpoints.signIns}?limit=2`);
    expect(first.json().signIns.map((s: { at: number }) => s.at)).toEqual([now, now - 1000]);
    const cursor = first.json().nextBefore;
    expect(cursor).toEqual(expect.any(Number));
    const second = await laptop.get(`${meSessionsEndpoints.signIns}?limit=2&before=${cursor}`);
    expect(second.json()).toEqual({
      signIns: [expect.objectContaining({ at: now - 2000, kind: 'wrong_password' })],
      nextBefore: null,
    });
    for (const bad of ['limit=0', 'limit=51', 'before=-1', 'before=x', 'other=1'])
      expect((await laptop.get(`${meSessionsEndpoints.signIns}?${bad}`)).json().code, bad).toBe(
        'request.invalid',
      );
  });

  it('keeps the user agent of every audit row written in a request', async () => {
    const email = `ua${ctx.n}@example.ph`;
    const accountId = await seedAccount(ctx.hub, { email });
    const phone = browserFor(ctx.hub, '198.19.42.20');
    phone.userAgent = IPHONE_SAFARI;
    await signInWith(phone, email);
    const rows = await ctx.db
      .selectFrom('audit_events')
      .select(['event', 'user_agent'])
      .where('account_id', '=', accountId)
      .execute();
    expect(rows).toContainEqual({ event: 'login.success', user_agent: IPHONE_SAFARI });
  });
});
