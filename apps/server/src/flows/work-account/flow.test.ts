import { authEndpoints, platformApiEndpoints, workAccountEndpoints } from '@hub/core';
import { beforeEach, describe, expect, it } from 'vitest';
import { seedAccount } from '../../test-support/accounts.js';
import { setUpTestHub } from '../../test-support/app.js';
import { auditEvents } from '../../test-support/audit.js';
import { browserFor, strongPassword, type TestBrowser } from '../../test-support/client.js';
import { testDialects } from '../../test-support/databases.js';
import { expectRefusal } from '../../test-support/refusals.js';
import { registerTools } from '../../test-support/tools.js';

describe.each(testDialects)('work accounts on %s', (dialect) => {
  let credentials: Record<number, string> = {};
  const ctx = setUpTestHub(dialect, {
    seed: async (hub) => {
      // The platforms are tools of the registry under their default tool ids (13 Business, 18 Personal here).
      credentials = await registerTools(hub, [
        [13, 'Business'],
        [18, 'Personal'],
        [201, 'Chat'],
      ]);
    },
  });
  let owner: TestBrowser;
  let invitee: TestBrowser;
  const ownerEmail = () => `boss${ctx.n}@example.ph`;
  const workEmail = () => `staff${ctx.n}@example.ph`;
  beforeEach(() => {
    owner = browserFor(ctx.hub, `198.51.100.${ctx.n}`);
    invitee = browserFor(ctx.hub, `203.0.113.${ctx.n}`);
  });

  const signIn = async (account: string, platform: 'psl' | 'biz', b: TestBrowser) => {
    const first = await b.post(authEndpoints.loginIdentify, { platform, account });
    const done = await b.post(authEndpoints.loginPassword, {
      flowId: first.json().flowId,
      password: strongPassword,
    });
    expect(done.statusCode, done.body).toBe(200);
  };
  const signedInOwner = async (input: Partial<Parameters<typeof seedAccount>[1]> = {}) => {
    const id = await seedAccount(ctx.hub, { email: ownerEmail(), platforms: ['biz'], ...input });
    await signIn(ownerEmail(), input.platforms?.[0] ?? 'biz', owner);
    return id;
  };
  const invite = (email = workEmail(), b = owner) =>
    b.post(workAccountEndpoints.workAccountInvite, { email });
  const platformInvite = (body: Record<string, unknown>, credential?: string) =>
    ctx.hub.app.inject({
      method: 'POST',
      url: platformApiEndpoints.platformWorkAccounts,
      payload: body,
      headers: credential ? { authorization: `Bearer ${credential}` } : {},
    });
  /** The invitation mail: its link (the flow id) and its code. */
  const invitation = async (to = workEmail()) => {
    await ctx.hub.mailWorker.runOnce();
    const mail = ctx.hub.devMailbox?.latestFor(to);
    const link = mail?.text.match(/^(http\S+\/biz\/comp\/account\/verification\?invite=([A-Za-z0-9_-]+))$/m);
    const code = mail?.text.match(/^ {4}(\d{6})$/m)?.[1];
    if (!mail || !link || !code) throw new Error(`no invitation was mailed to ${to}`);
    return { subject: mail.subject, link: link[1]!, flowId: link[2]!, code };
  };
  const status = (flowId: string, b = invitee) =>
    b.get(`${workAccountEndpoints.workAccountStatus}?flowId=${flowId}`);
  const verify = (flowId: string, code: string, b = invitee) =>
    b.post(workAccountEndpoints.workAccountVerify, { flowId, code });
  const finalize = (flowId: string, password = strongPassword, b = invitee) =>
    b.post(workAccountEndpoints.workAccountFinalize, { flowId, password });

  it('invites from a signed-in owner; the invitee verifies by code in another browser and becomes an added user', async () => {
    const ownerId = await signedInOwner();
    const res = await invite(` ${workEmail()} `);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: 'invited', email: workEmail(), expiresAt: expect.any(Number) });
    const mail = await invitation();
    expect(mail.subject).toBe(`${ownerEmail()} invited you to a work account on Account Hub`);
    expect(mail.link.startsWith(`${ctx.hub.config.publicUrl}/biz/comp/account/verification?invite=`)).toBe(
      true,
    );
    expect(JSON.stringify(res.json())).not.toContain(mail.flowId);

    const before = await status(mail.flowId);
    expect(before.statusCode).toBe(200);
    expect(before.json()).toEqual({
      state: 'invited',
      platform: 'biz',
      account: { kind: 'email', display: workEmail() },
      inviter: ownerEmail(),
      exists: false,
      resendAfter: 360,
    });
    const verified = await verify(mail.flowId, mail.code);
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json()).toEqual({
      next: 'password',
      flowId: mail.flowId,
      account: { kind: 'email', display: workEmail() },
    });
    // Bound now: the link is useless in any other browser, the owner's included.
    expect((await status(mail.flowId, owner)).json().code).toBe('flow.not_found');
    expect((await finalize(mail.flowId, strongPassword, owner)).json().code).toBe('flow.not_found');
    expect((await status(mail.flowId)).json().state).toBe('verified');

    const done = await finalize(mail.flowId);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().location).toMatch(
      new RegExp(`^${ctx.hub.config.platformUrls.biz}/sso/account/auth\\?ainfo=`),
    );
    expect(done.cookies.some((c) => c.name === 'hub_session')).toBe(true);
    const account = await ctx.hub.hub.accounts.findByIdentifier('email', workEmail());
    expect(account).toMatchObject({ u_type: 2, user_type: 0, verified: 1, home_platform: 'biz' });
    expect(await ctx.hub.hub.accounts.memberships(account!.id)).toEqual([
      expect.objectContaining({ platform: 'biz', is_default: 1 }),
    ]);
    const links = await ctx.db
      .selectFrom('account_links')
      .selectAll()
      .where('child_account_id', '=', account!.id)
      .execute();
    expect(links).toEqual([expect.objectContaining({ parent_account_id: ownerId, kind: 'work' })]);
    expect((await finalize(mail.flowId)).json().code).toBe('flow.not_found');
    const events = await auditEvents(ctx.hub);
    expect(events.map((e) => e.event)).toEqual(
      expect.arrayContaining([
        'work_account.invited',
        'work_account.code_verified',
        'work_account.registered',
      ]),
    );
    expect(JSON.stringify(events)).not.toContain(mail.code);
  });

  it('lets only a signed-in business owner invite, from the hub’s own pages', async () => {
    expect((await invite()).json().code).toBe('session.required');
    await signedInOwner({ uType: 2 });
    const added = await invite();
    expectRefusal(added, 403, {
      code: 'work_account.owner_required',
      message: 'Only a business owner can add work accounts.',
    });
    ctx.n += 1;
    owner = browserFor(ctx.hub, '198.51.100.250');
    await signedInOwner({ platforms: ['psl'] });
    expect((await invite()).json().code).toBe('work_account.owner_required');
    ctx.n += 1;
    owner = browserFor(ctx.hub, '198.51.100.251');
    await signedInOwner();
    const foreign = await owner.post(
      workAccountEndpoints.workAccountInvite,
      { email: workEmail() },
      { origin: 'https://evil.example' },
    );
    expect(foreign.json().code).toBe('origin.forbidden');
  });

  it("refuses an email that has an account already ('Account already exist.') and one that is no email", async () => {
    await signedInOwner();
    await seedAccount(ctx.hub, { email: workEmail(), platforms: ['psl'] });
    const taken = await invite(workEmail().toUpperCase());
    expectRefusal(taken, 409, {
      code: 'account.already_exists',
      message: 'Account already exist.',
      field: 'email',
    });
    expect((await invite('juan_dela_cruz')).json()).toMatchObject({
      code: 'account.format_invalid',
      field: 'email',
    });
  });

  it('limits an owner to 30 invitations an hour, whoever asks', async () => {
    const ownerId = await signedInOwner();
    ctx.hub.clock.set(Math.ceil(ctx.hub.clock.now() / 3_600_000) * 3_600_000);
    for (let i = 0; i < 29; i++) expect((await invite(`team${ctx.n}-${i}@example.ph`)).statusCode).toBe(200);
    const viaPlatform = await platformInvite(
      { owner_aid: ownerId, email: `team${ctx.n}-x@example.ph` },
      credentials[13],
    );
    expect(viaPlatform.statusCode).toBe(200);
    const refused = await invite(`team${ctx.n}-y@example.ph`);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'rate_limited', retryAfter: 3600 });
    ctx.hub.clock.advance(3_600_000);
    expect((await invite(`team${ctx.n}-y@example.ph`)).statusCode).toBe(200);
    // The worker sends 20 a run: deliver them all, so later tests find their own mail.
    for (let i = 0; i < 2; i++) await ctx.hub.mailWorker.runOnce();
  });

  it('takes invitations from the Business platform server to server, with its credential only', async () => {
    const ownerId = await seedAccount(ctx.hub, { email: ownerEmail(), platforms: ['biz'] });
    const body = { owner_aid: ownerId, email: workEmail() };
    expect((await platformInvite(body)).statusCode).toBe(401);
    expect((await platformInvite(body, 'hubtool_13_not-the-right-secret')).json().code).toBe(
      'tool.unauthorized',
    );
    const personal = await platformInvite(body, credentials[18]);
    expect(personal.statusCode).toBe(403);
    expect(personal.json().code).toBe('tool.forbidden');
    expect((await platformInvite(body, credentials[201])).json().code).toBe('tool.forbidden');
    expect((await platformInvite({ ...body, owner_aid: 'no-such-owner' }, credentials[13])).statusCode).toBe(
      404,
    );

    const res = await platformInvite(body, credentials[13]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ msg: 'delivered', email: workEmail(), expires_at: expect.any(Number) });
    const mail = await invitation();
    expect((await verify(mail.flowId, mail.code)).statusCode).toBe(200);
    expect((await finalize(mail.flowId)).statusCode).toBe(200);

    const added = (await ctx.hub.hub.accounts.findByIdentifier('email', workEmail()))!;
    const again = await platformInvite(
      { owner_aid: added.id, email: `more${ctx.n}@example.ph` },
      credentials[13],
    );
    expect(again.statusCode).toBe(403);
    expect(again.json().code).toBe('work_account.owner_required');
  });

  it('keeps the sign-up’s code rules: a wrong code, the 360 s resend countdown, and a fresh code that kills the old', async () => {
    await signedInOwner();
    await invite();
    const first = await invitation();
    const wrong = await verify(first.flowId, first.code === '123456' ? '654321' : '123456');
    expect(wrong.json()).toEqual({
      code: 'code.incorrect',
      message: 'Verification code is incorrect',
      field: 'code',
    });
    // Audited as the work account's, not as a sign-up's.
    const failed = await auditEvents(ctx.hub, { event: 'work_account.code_failed' });
    expect(failed.map((e) => JSON.parse(e.detail))).toContainEqual({ attempts: 1 });
    const early = await invitee.post(workAccountEndpoints.workAccountResend, { flowId: first.flowId });
    expect(early.statusCode).toBe(429);
    expect(early.json().retryAfter).toBe(360);
    ctx.hub.clock.advance(360 * 1000);
    expect((await status(first.flowId)).json().resendAfter).toBe(0);
    const resent = await invitee.post(workAccountEndpoints.workAccountResend, { flowId: first.flowId });
    expect(resent.json()).toEqual({ resendAfter: 360 });
    const second = await invitation();
    expect(second.flowId).toBe(first.flowId);
    if (first.code !== second.code) expect((await verify(first.flowId, first.code)).statusCode).toBe(400);
    expect((await verify(first.flowId, second.code)).statusCode).toBe(200);
    ctx.hub.clock.advance(60 * 60 * 1000);
  });

  it('expires a code after 10 minutes and accepts one of several browsers racing with the right code', async () => {
    await signedInOwner();
    await invite();
    const mail = await invitation();
    const browsers = [invitee, browserFor(ctx.hub, '203.0.113.200'), browserFor(ctx.hub, '203.0.113.201')];
    const answers = await Promise.all(browsers.map((b) => verify(mail.flowId, mail.code, b)));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    const winner = browsers[answers.findIndex((r) => r.statusCode === 200)]!;
    for (const b of browsers) {
      expect((await status(mail.flowId, b)).statusCode).toBe(b === winner ? 200 : 404);
    }

    ctx.n += 1;
    await seedAccount(ctx.hub, { email: ownerEmail(), platforms: ['biz'] });
    const other = browserFor(ctx.hub, '198.51.100.252');
    await signIn(ownerEmail(), 'biz', other);
    await invite(workEmail(), other);
    const late = await invitation();
    ctx.hub.clock.advance(10 * 60 * 1000);
    expect((await verify(late.flowId, late.code)).json().code).toBe('code.expired');
    ctx.hub.clock.advance(60 * 60 * 1000);
  });

  it.each([
    ['weak', 'password.too_weak'],
    ['Sasha_007', 'password.too_common'],
    ['', 'password.required'],
  ])('refuses the password %j with %s (the sign-up rules)', async (password, code) => {
    await signedInOwner();
    await invite();
    const mail = await invitation();
    await verify(mail.flowId, mail.code);
    const res = await finalize(mail.flowId, password);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code, field: 'password' });
    expect(await ctx.hub.hub.accounts.findByIdentifier('email', workEmail())).toBeUndefined();
  });

  it('shows the already-registered notice when the email was registered meanwhile, and refuses to finalize', async () => {
    await signedInOwner();
    await invite();
    const mail = await invitation();
    await verify(mail.flowId, mail.code);
    await seedAccount(ctx.hub, { email: workEmail(), platforms: ['psl'] });
    expect((await status(mail.flowId)).json().exists).toBe(true);
    const res = await finalize(mail.flowId);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('account.already_exists');
  });

  it('refuses an unknown invitation, and one past its 7 days', async () => {
    expect((await status('x'.repeat(32))).json().code).toBe('flow.not_found');
    await signedInOwner();
    await invite();
    const mail = await invitation();
    ctx.hub.clock.advance(7 * 24 * 3600 * 1000);
    expect((await status(mail.flowId)).json().code).toBe('flow.expired');
  });
});
