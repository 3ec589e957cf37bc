import {
  authEndpoints,
  encodeToolSession,
  SECOND_STEP_PARAM,
  secondFactorEndpoints,
  switchingEndpoints,
  type ToolSession,
} from '@hub/core';
import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { policy } from '../policy.js';
import { seedAccount } from '../test-support/accounts.js';
import { setUpTestHub } from '../test-support/app.js';
import { auditEvents } from '../test-support/audit.js';
import { demoToolUrl, seedDemoCatalogue } from '../test-support/catalogue.js';
import { browserFor, strongPassword, type TestBrowser } from '../test-support/client.js';
import { testDialects } from '../test-support/databases.js';
import { seedSecondFactor, totpCodeAt } from '../test-support/second-factors.js';
import { testHubOrigin as hubOrigin, throughProvider } from '../test-support/social-sign-in.js';

const ainfoOf = (location: string) => decodeJwt(new URL(location).searchParams.get('ainfo')!);

describe.each(testDialects)('second factors on %s', (dialect) => {
  const ctx = setUpTestHub(dialect, { seed: seedDemoCatalogue, network: '192.0.2' });
  const email = () => `mfa${ctx.n}@example.ph`;

  const logIn = async (b: TestBrowser = ctx.browser, account = email(), context?: Record<string, string>) => {
    const first = await b.post(authEndpoints.loginIdentify, {
      platform: 'psl',
      account,
      ...(context ? { context } : {}),
    });
    expect(first.json()).toMatchObject({ next: 'password' });
    return b.post(authEndpoints.loginPassword, { flowId: first.json().flowId, password: strongPassword });
  };
  const verify = (flowId: string, code: string, method = 'totp', b = ctx.browser) =>
    b.post(secondFactorEndpoints.verify, { flowId, method, code });

  describe('enrolment (the signed-in person)', () => {
    it('sets up an authenticator app confirmed by its first code, with ten recovery codes shown once', async () => {
      const id = await seedAccount(ctx.hub, { email: email() });
      expect((await logIn()).json().next).toBe('redirect');
      const none = await ctx.browser.get(secondFactorEndpoints.status);
      expect(none.json()).toEqual({
        methods: [],
        totp: { enrolled: false, confirmedAt: null },
        recoveryCodes: { remaining: 0 },
      });

      const started = await ctx.browser.post(secondFactorEndpoints.totp, {});
      expect(started.statusCode, started.body).toBe(200);
      const { secret, otpauthUri, qrCode } = started.json();
      expect(otpauthUri).toMatch(/^otpauth:\/\/totp\/Account%20Hub:/);
      expect(otpauthUri).toContain(`secret=${secret}`);
      expect(qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
      expect(started.headers['cache-control']).toBe('no-store');
      // Sealed at rest: the secret is not in the row.
      const row = await ctx.hub.hub.secondFactors.find(id);
      expect(row?.totp_secret).not.toContain(secret);
      // Not in use before it is confirmed.
      expect((await logIn(browserFor(ctx.hub, '192.0.2.200'))).json().next).toBe('redirect');

      const wrong = await ctx.browser.post(secondFactorEndpoints.totpConfirm, { code: '000000' });
      expect(wrong.json().code).toBe('second_factor.code_incorrect');
      const confirmed = await ctx.browser.post(secondFactorEndpoints.totpConfirm, {
        code: totpCodeAt(secret, ctx.hub.clock.now()),
      });
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      expect(confirmed.json().recoveryCodes).toHaveLength(10);
      expect(confirmed.json().status).toMatchObject({
        methods: ['totp', 'recovery'],
        totp: { enrolled: true },
        recoveryCodes: { remaining: 10 },
      });
      const hashes = await ctx.db
        .selectFrom('recovery_codes')
        .select('code_hash')
        .where('account_id', '=', id)
        .execute();
      for (const shown of confirmed.json().recoveryCodes as string[])
        expect(hashes.map((h) => h.code_hash)).not.toContain(shown);
      expect((await ctx.browser.post(secondFactorEndpoints.totp, {})).json().code).toBe(
        'second_factor.already_enrolled',
      );
      expect(await auditEvents(ctx.hub, { accountId: id, event: 'second_factor.enrolled' })).toHaveLength(1);

      // New recovery codes replace the old ones.
      const again = await ctx.browser.post(secondFactorEndpoints.recoveryCodes, {});
      expect(again.json().codes).toHaveLength(10);
      const parked = (await logIn(browserFor(ctx.hub, '192.0.2.201'))).json();
      expect(parked).toMatchObject({ next: 'second_factor', methods: ['totp', 'recovery'] });
    });

    it('asks for the password to remove the last second factor, and takes the recovery codes with it', async () => {
      const id = await seedAccount(ctx.hub, { email: email() });
      const { code } = await seedSecondFactor(ctx.hub, id);
      // Sign in with the second factor, then remove it.
      const parked = (await logIn()).json();
      expect((await verify(parked.flowId, code())).statusCode).toBe(200);
      expect((await ctx.browser.delete(secondFactorEndpoints.totp, {})).json().code).toBe(
        'password.required',
      );
      expect(
        (await ctx.browser.delete(secondFactorEndpoints.totp, { password: 'Wrong-pass-1' })).json().code,
      ).toBe('password.incorrect');
      const removed = await ctx.browser.delete(secondFactorEndpoints.totp, { password: strongPassword });
      expect(removed.json()).toEqual({
        methods: [],
        totp: { enrolled: false, confirmedAt: null },
        recoveryCodes: { remaining: 0 },
      });
      expect(await ctx.hub.hub.secondFactors.unusedRecoveryCodes(id)).toBe(0);
      expect((await logIn(browserFor(ctx.hub, '192.0.2.202'))).json().next).toBe('redirect');
    });

    it('needs a session, and the hub’s own origin for changes', async () => {
      expect((await ctx.browser.get(secondFactorEndpoints.status)).json().code).toBe('session.required');
      const foreign = await ctx.browser.post(
        secondFactorEndpoints.totp,
        {},
        { origin: 'https://evil.example' },
      );
      expect(foreign.json().code).toBe('origin.forbidden');
    });

    it('deletes the second factors with the account', async () => {
      const id = await seedAccount(ctx.hub, { email: email() });
      await seedSecondFactor(ctx.hub, id);
      await ctx.db.deleteFrom('flows').where('account_id', '=', id).execute();
      await ctx.db.deleteFrom('accounts').where('id', '=', id).execute();
      expect(await ctx.hub.hub.secondFactors.find(id)).toBeUndefined();
      expect(await ctx.hub.hub.secondFactors.unusedRecoveryCodes(id)).toBe(0);
    });
  });

  const seeded = (id: string) => seedSecondFactor(ctx.hub, id);

  describe('the second step of a login', () => {
    it('parks the login after the password, bound to the browser, and completes with a code (amr pwd otp mfa)', async () => {
      const id = await seedAccount(ctx.hub, { email: email() });
      const { code } = await seeded(id);
      const parked = await logIn();
      expect(parked.statusCode).toBe(200);
      expect(parked.json()).toMatchObject({ next: 'second_factor', methods: ['totp', 'recovery'] });
      expect(parked.cookies.find((c) => c.name === 'hub_session')).toBeUndefined();
      const { flowId } = parked.json();
      // Another browser cannot use the flow.
      expect((await verify(flowId, code(), 'totp', browserFor(ctx.hub, '192.0.2.250'))).statusCode).toBe(404);
      expect((await verify(flowId, '12345')).json().code).toBe('second_factor.code_required');
      const wrong = await verify(flowId, code() === '000000' ? '111111' : '000000');
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json().code).toBe('second_factor.code_incorrect');

      const done = await verify(flowId, code());
      expect(done.statusCode, done.body).toBe(200);
      expect(done.json().location).toMatch(
        new RegExp(`^${ctx.hub.config.platformUrls.psl}/sso/account/auth\\?ainfo=`),
      );
      expect(ainfoOf(done.json().location).amr).toEqual(['pwd', 'otp', 'mfa']);
      expect(done.cookies.find((c) => c.name === 'hub_session')).toMatchObject({ httpOnly: true });
      const session = await ctx.db
        .selectFrom('sessions')
        .select('amr')
        .where('account_id', '=', id)
        .executeTakeFirst();
      expect(session?.amr).toBe('pwd otp mfa');
      // The flow is over; the same code on a new login is refused (replay within its period).
      expect((await verify(flowId, code())).json().code).toBe('flow.not_found');
      const next = (await logIn(browserFor(ctx.hub, '192.0.2.251'))).json();
      const replay = await verify(next.flowId, code(), 'totp', browserFor(ctx.hub, '192.0.2.251'));
      expect(replay.statusCode).toBe(404);
      const sameBrowser = browserFor(ctx.hub, '192.0.2.252');
      const parkedAgain = (await logIn(sameBrowser)).json();
      expect((await verify(parkedAgain.flowId, code(), 'totp', sameBrowser)).json().code).toBe(
        'second_factor.code_incorrect',
      );
      ctx.hub.clock.advance(30_000);
      expect((await verify(parkedAgain.flowId, code(), 'totp', sameBrowser)).statusCode).toBe(200);
      const events = (await auditEvents(ctx.hub, { accountId: id })).map((e) => e.event);
      expect(events).toContain('second_factor.required');
      expect(events).toContain('second_factor.ok');
      expect(events).toContain('second_factor.failed');
    });

    it('takes each recovery code once', async () => {
      const id = await seedAccount(ctx.hub, { email: email() });
      const { recoveryCodes } = await seeded(id);
      const parked = (await logIn()).json();
      const done = await verify(parked.flowId, recoveryCodes[0]!.toUpperCase(), 'recovery');
      expect(done.statusCode, done.body).toBe(200);
      expect(ainfoOf(done.json().location).amr).toEqual(['pwd', 'otp', 'mfa']);
      const other = browserFor(ctx.hub, '192.0.2.240');
      const again = (await logIn(other)).json();
      const refused = await verify(again.flowId, recoveryCodes[0]!, 'recovery', other);
      expect(refused.statusCode).toBe(401);
      expect(refused.json().code).toBe('second_factor.recovery_incorrect');
      expect((await verify(again.flowId, recoveryCodes[1]!, 'recovery', other)).statusCode).toBe(200);
      expect(await ctx.hub.hub.secondFactors.unusedRecoveryCodes(id)).toBe(8);
    });

    it('leaves an account without a second factor exactly as before', async () => {
      await seedAccount(ctx.hub, { email: email() });
      const done = await logIn();
      expect(done.json().next).toBe('redirect');
      expect(ainfoOf(done.json().location).amr).toEqual(['pwd']);
    });

    it(`checks no more than ${policy.freeSecondFactorFailures} of 60 parallel wrong codes, then waits`, async () => {
      const id = await seedAccount(ctx.hub, { email: email() });
      const { code } = await seeded(id);
      const { flowId } = (await logIn()).json();
      const right = code();
      const wrongCode = right === '999999' ? '999998' : '999999';
      const answers = await Promise.all(Array.from({ length: 60 }, () => verify(flowId, wrongCode)));
      const statuses = answers.map((a) => a.statusCode);
      expect(statuses.filter((s) => s === 401)).toHaveLength(policy.freeSecondFactorFailures);
      expect(statuses.filter((s) => s === 429)).toHaveLength(60 - policy.freeSecondFactorFailures);
      const checked = await ctx.db
        .selectFrom('audit_events')
        .select('event')
        .where('account_id', '=', id)
        .where('outcome', '=', 'failure')
        .execute();
      expect(checked).toHaveLength(policy.freeSecondFactorFailures);
      // Even the right code waits out the delay, then signs in.
      const blocked = await verify(flowId, right);
      expect(blocked.statusCode).toBe(429);
      ctx.hub.clock.advance(blocked.json().retryAfter * 1000);
      const ip = browserFor(ctx.hub, '192.0.2.230');
      const fresh = (await logIn(ip)).json();
      expect((await verify(fresh.flowId, code(), 'totp', ip)).statusCode).toBe(200);
      expect((await ctx.hub.hub.secondFactors.find(id))?.failed_count).toBe(0);
    });
  });

  describe('every exit', () => {
    it('a tool login: the restricted tool’s callback after the second factor', async () => {
      const id = await seedAccount(ctx.hub, { email: email() });
      const { code } = await seeded(id);
      await ctx.hub.hub.tools.addMember(302, id, ctx.hub.clock.now());
      const decided = await ctx.browser.post('/api/sso/rqx', { from: 'PARTNER_DESK_RQX', callback: 'local' });
      const from = encodeToolSession(decided.json().toolSession as ToolSession);
      const first = await ctx.browser.post(authEndpoints.loginIdentify, {
        platform: 'psl',
        account: email(),
        toolLogin: true,
        context: { from },
      });
      const parked = await ctx.browser.post(authEndpoints.loginPassword, {
        flowId: first.json().flowId,
        password: strongPassword,
      });
      expect(parked.json().next).toBe('second_factor');
      const done = await verify(parked.json().flowId, code());
      expect(done.statusCode, done.body).toBe(200);
      expect(done.json().location.startsWith(demoToolUrl)).toBe(true);
      expect(ainfoOf(done.json().location)).toMatchObject({ aud: 'tool:302', amr: ['pwd', 'otp', 'mfa'] });
    });

    it('switching option1: returns with the linked notice after the second factor', async () => {
      const id = await seedAccount(ctx.hub, { email: email(), platforms: ['psl'] });
      const { code } = await seeded(id);
      const first = await ctx.browser.post(switchingEndpoints.switchingIdentify, {
        platform: 'biz',
        account: email(),
      });
      const parked = await ctx.browser.post(switchingEndpoints.switchingPassword, {
        flowId: first.json().flowId,
        password: strongPassword,
      });
      expect(parked.statusCode, parked.body).toBe(200);
      expect(parked.json().next).toBe('second_factor');
      expect(parked.cookies.find((c) => c.name === 'hub_session')).toBeUndefined();
      // The password alone links nothing.
      const platforms = async () =>
        (await ctx.hub.hub.accounts.memberships(id)).map((m) => m.platform).sort();
      expect(await platforms()).toEqual(['psl']);
      const done = await verify(parked.json().flowId, code());
      expect(done.statusCode, done.body).toBe(200);
      expect(done.json()).toMatchObject({ next: 'redirect', notice: 'account_linked' });
      expect(await platforms()).toEqual(['biz', 'psl']);
      expect(done.json().location).toMatch(
        new RegExp(`^${ctx.hub.config.platformUrls.biz}/sso/account/auth`),
      );
    });
  });
});

describe.each(testDialects)('second factor after Google on %s', (dialect) => {
  const ctx = setUpTestHub(dialect, {
    google: true,
    network: '198.51.100',
  });

  it('lands on the login screen’s second step, and signs in with the code (amr otp mfa)', async () => {
    const email = `mfa-google${ctx.n}@example.ph`;
    const id = await seedAccount(ctx.hub, { email });
    const { code } = await seedSecondFactor(ctx.hub, id);
    await ctx.db
      .insertInto('social_identities')
      .values({
        provider: 'google',
        subject: `g-mfa-${ctx.n}`,
        account_id: id,
        email,
        created_at: ctx.hub.clock.now(),
      })
      .execute();
    ctx.google.next({ sub: `g-mfa-${ctx.n}`, email, email_verified: true });
    const back = await ctx.browser.get(
      await throughProvider(ctx.browser, '/auth/social/google/start?platform=psl&intent=login'),
    );
    expect(back.statusCode, back.body).toBe(302);
    expect(back.cookies.find((c) => c.name === 'hub_session')).toBeUndefined();
    const target = new URL(String(back.headers.location), hubOrigin);
    expect(target.pathname).toBe('/psl/login');
    const flowId = target.searchParams.get(SECOND_STEP_PARAM)!;
    const status = await ctx.browser.get(`${secondFactorEndpoints.stepStatus}?flowId=${flowId}`);
    expect(status.json()).toEqual({ methods: ['totp', 'recovery'], enrol: false });
    const done = await ctx.browser.post(secondFactorEndpoints.verify, {
      flowId,
      method: 'totp',
      code: code(),
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(ainfoOf(done.json().location).amr).toEqual(['otp', 'mfa']);
    const events = await auditEvents(ctx.hub, { accountId: id, event: 'login.success' });
    expect(JSON.parse(events[0]!.detail)).toMatchObject({ method: 'google' });
  });
});
