import { authEndpoints, encodeToolSession, passkeyEndpoints, type ToolSession } from '@hub/core';
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/server';
import { describe, expect, it } from 'vitest';
import { HubError } from '../errors.js';
import { seedAccount } from '../test-support/accounts.js';
import { setUpTestHub } from '../test-support/app.js';
import { auditEvents } from '../test-support/audit.js';
import { demoToolUrl, seedDemoCatalogue } from '../test-support/catalogue.js';
import { browserFor, strongPassword, type TestBrowser } from '../test-support/client.js';
import { testDialects } from '../test-support/databases.js';
import { SoftwareAuthenticator } from '../test-support/software-authenticator.js';
import {
  hasPasskeys,
  PASSKEY_AMR,
  passkeyAssertionOptions,
  relyingParty,
  verifyPasskeyAssertion,
} from './passkeys.js';

describe('relyingParty', () => {
  it("is PUBLIC_URL's host and origin, whatever the path or port", () => {
    expect(relyingParty({ publicUrl: 'https://accounts.example.ph/hub' })).toMatchObject({
      rpID: 'accounts.example.ph',
      origin: 'https://accounts.example.ph',
    });
    expect(relyingParty({ publicUrl: 'http://localhost:5173' })).toMatchObject({
      rpID: 'localhost',
      origin: 'http://localhost:5173',
    });
  });

  it('names a passkey sign-in with the amr values of a hardware key, a verified user and two factors', () => {
    expect(PASSKEY_AMR).toEqual(['hwk', 'user', 'mfa']);
  });
});

const one = (id: string) => passkeyEndpoints.one.replace(':id', id);

describe.each(testDialects)('passkeys on %s', (dialect) => {
  const ctx = setUpTestHub(dialect, { network: '198.51.100', seed: seedDemoCatalogue });
  const email = () => `passkey${ctx.n}@example.ph`;
  const origin = () => new URL(ctx.hub.config.publicUrl).origin;

  /** A browser signed in with the account's password. */
  const signedIn = async (account: string, browser: TestBrowser = ctx.browser) => {
    const identify = await browser.post(authEndpoints.loginIdentify, { platform: 'psl', account });
    const done = await browser.post(authEndpoints.loginPassword, {
      flowId: identify.json().flowId,
      password: strongPassword,
    });
    expect(done.statusCode).toBe(200);
    return browser;
  };

  /** Adds a passkey from the signed-in browser; answers the API's reply. */
  const addPasskey = async (
    browser: TestBrowser,
    authenticator: SoftwareAuthenticator,
    name: string,
    tampering: Parameters<SoftwareAuthenticator['register']>[1] = {},
  ) => {
    const options = await browser.post(passkeyEndpoints.registrationOptions, {});
    expect(options.statusCode).toBe(200);
    const { challengeId, options: creation } = options.json() as {
      challengeId: string;
      options: PublicKeyCredentialCreationOptionsJSON;
    };
    const response = authenticator.register(creation, tampering);
    return browser.post(passkeyEndpoints.register, { challengeId, name, response });
  };

  const loginOptions = async (browser: TestBrowser, body: Record<string, unknown> = { platform: 'psl' }) => {
    const res = await browser.post(passkeyEndpoints.loginOptions, body);
    expect(res.statusCode).toBe(200);
    return res.json() as { challengeId: string; options: PublicKeyCredentialRequestOptionsJSON };
  };

  const accountWithPasskey = async () => {
    const accountId = await seedAccount(ctx.hub, { email: email() });
    const authenticator = new SoftwareAuthenticator(origin());
    const browser = await signedIn(email());
    expect((await addPasskey(browser, authenticator, 'Laptop')).statusCode).toBe(200);
    return { accountId, authenticator, browser };
  };

  it('adds passkeys as discoverable credentials, lists, renames and removes them', async () => {
    const accountId = await seedAccount(ctx.hub, { email: email() });
    const browser = await signedIn(email());
    const authenticator = new SoftwareAuthenticator(origin());

    const options = await browser.post(passkeyEndpoints.registrationOptions, {});
    const creation = options.json().options as PublicKeyCredentialCreationOptionsJSON;
    expect(creation.rp).toEqual({ id: 'localhost', name: 'Account Hub' });
    expect(creation.authenticatorSelection).toMatchObject({
      residentKey: 'required',
      userVerification: 'preferred',
    });
    expect(creation.authenticatorSelection?.authenticatorAttachment).toBeUndefined();
    const added = await browser.post(passkeyEndpoints.register, {
      challengeId: options.json().challengeId,
      name: '  Work laptop  ',
      response: authenticator.register(creation),
    });
    expect(added.statusCode).toBe(200);
    expect(added.json()).toMatchObject({ name: 'Work laptop', lastUsedAt: null, synced: false });
    expect(await hasPasskeys(ctx.hub.hub, accountId)).toBe(true);

    ctx.hub.clock.advance(1000);
    // A second one; the options name the first so the same authenticator is not registered twice.
    const again = await browser.post(passkeyEndpoints.registrationOptions, {});
    expect(again.json().options.excludeCredentials).toEqual([
      {
        id: authenticator.credentials[0]!.id.toString('base64url'),
        type: 'public-key',
        transports: ['internal'],
      },
    ]);
    const phone = await browser.post(passkeyEndpoints.register, {
      challengeId: again.json().challengeId,
      name: 'Phone',
      response: authenticator.register(again.json().options),
    });
    expect(phone.statusCode).toBe(200);

    const list = await browser.get(passkeyEndpoints.list);
    expect(list.json()).toMatchObject({
      passkeys: [{ name: 'Work laptop' }, { name: 'Phone' }],
      removingLastNeedsPassword: true,
    });
    const [laptop, mobile] = list.json().passkeys as { id: string }[];

    const renamed = await browser.send('PATCH', one(mobile!.id), { name: 'Pixel' });
    expect(renamed.json()).toMatchObject({ id: mobile!.id, name: 'Pixel' });
    expect((await browser.send('PATCH', one(mobile!.id), { name: '   ' })).json().code).toBe(
      'request.invalid',
    );

    // Not the last: no password asked.
    expect((await browser.send('DELETE', one(laptop!.id), {})).json()).toEqual({ removed: true });
    // The last second factor of an account with a password: its password first.
    const bare = await browser.send('DELETE', one(mobile!.id), {});
    expect(bare.statusCode).toBe(400);
    expect(bare.json()).toMatchObject({ code: 'password.required', field: 'password' });
    const wrong = await browser.send('DELETE', one(mobile!.id), { password: 'Not-the-password-1' });
    expect(wrong.json().code).toBe('password.incorrect');
    expect((await browser.send('DELETE', one(mobile!.id), { password: strongPassword })).statusCode).toBe(
      200,
    );
    expect((await browser.get(passkeyEndpoints.list)).json().passkeys).toEqual([]);
    expect(await hasPasskeys(ctx.hub.hub, accountId)).toBe(false);

    const events = (await auditEvents(ctx.hub, { accountId })).map((e) => e.event);
    expect(events.filter((e) => e === 'passkey.registered')).toHaveLength(2);
    expect(events.filter((e) => e === 'passkey.removed')).toHaveLength(2);
  });

  it("keeps each person's passkeys their own, and asks for a session and the hub's own origin", async () => {
    const { browser } = await accountWithPasskey();
    const [mine] = (await browser.get(passkeyEndpoints.list)).json().passkeys as { id: string }[];
    ctx.n += 1;
    await seedAccount(ctx.hub, { email: email() });
    const other = await signedIn(email(), browserFor(ctx.hub, '198.51.100.250'));
    expect((await other.get(passkeyEndpoints.list)).json().passkeys).toEqual([]);
    expect((await other.send('PATCH', one(mine!.id), { name: 'Mine now' })).json().code).toBe('not_found');
    expect((await other.send('DELETE', one(mine!.id), { password: strongPassword })).json().code).toBe(
      'not_found',
    );

    const stranger = browserFor(ctx.hub, '198.51.100.251');
    expect((await stranger.get(passkeyEndpoints.list)).json().code).toBe('session.required');
    expect((await stranger.post(passkeyEndpoints.registrationOptions, {})).json().code).toBe(
      'session.required',
    );
    const elsewhere = await browser.post(
      passkeyEndpoints.registrationOptions,
      {},
      { origin: 'https://evil.example' },
    );
    expect(elsewhere.json().code).toBe('origin.forbidden');
  });

  it('refuses a registration for another origin or RP ID, or one answered twice', async () => {
    await seedAccount(ctx.hub, { email: email() });
    const browser = await signedIn(email());
    // Signed in before the account has a passkey (after, a password sign-in asks for it as a second factor).
    const other = await signedIn(email(), browserFor(ctx.hub, '198.51.100.252'));
    const authenticator = new SoftwareAuthenticator(origin());
    const evilOrigin = await addPasskey(browser, authenticator, 'Evil', { origin: 'https://evil.example' });
    expect(evilOrigin.json().code).toBe('passkey.refused');
    const evilRp = await addPasskey(browser, authenticator, 'Evil', { rpId: 'evil.example' });
    expect(evilRp.json().code).toBe('passkey.refused');

    const options = await browser.post(passkeyEndpoints.registrationOptions, {});
    const body = {
      challengeId: options.json().challengeId,
      name: 'Once',
      response: authenticator.register(options.json().options),
    };
    expect((await browser.post(passkeyEndpoints.register, body)).statusCode).toBe(200);
    expect((await browser.post(passkeyEndpoints.register, body)).json().code).toBe('flow.not_found');
    // A challenge of another session is not this one's.
    const fresh = await browser.post(passkeyEndpoints.registrationOptions, {});
    const stolen = await other.post(passkeyEndpoints.register, {
      challengeId: fresh.json().challengeId,
      name: 'Stolen',
      response: authenticator.register(fresh.json().options),
    });
    expect(stolen.json().code).toBe('flow.not_found');
  });

  it('signs in with a passkey alone, as two factors, and ends like a password sign-in', async () => {
    const { accountId, authenticator } = await accountWithPasskey();
    const browser = browserFor(ctx.hub, '198.51.100.253');
    const { challengeId, options } = await loginOptions(browser);
    expect(options.allowCredentials).toEqual([]);
    expect(options.userVerification).toBe('required');
    expect(options.rpId).toBe('localhost');
    const done = await browser.post(passkeyEndpoints.loginVerify, {
      challengeId,
      response: authenticator.assert(options),
    });
    expect(done.statusCode).toBe(200);
    expect(done.json().location).toMatch(
      new RegExp(`^${ctx.hub.config.platformUrls.psl}/sso/account/auth\\?ainfo=`),
    );
    expect(done.cookies.find((c) => c.name === 'hub_session')).toMatchObject({ httpOnly: true });
    const sessions = await ctx.db
      .selectFrom('sessions')
      .select('auth_method')
      .where('account_id', '=', accountId)
      .execute();
    expect(sessions.map((s) => s.auth_method).sort()).toEqual(['passkey', 'password']);
    const [passkey] = (await browser.get(passkeyEndpoints.list)).json().passkeys;
    expect(passkey.lastUsedAt).toBe(ctx.hub.clock.now());
    const events = await auditEvents(ctx.hub, { accountId });
    expect(events.some((e) => e.event === 'passkey.sign_in')).toBe(true);
    expect(events.some((e) => e.event === 'login.success' && JSON.parse(e.detail).method === 'passkey')).toBe(
      true,
    );
  });

  it('refuses an answer made for another origin or RP ID, or without user verification', async () => {
    const { accountId, authenticator } = await accountWithPasskey();
    const browser = browserFor(ctx.hub, '198.51.100.254');
    for (const tampering of [
      { origin: 'https://evil.example' },
      { rpId: 'evil.example' },
      { userVerified: false },
    ]) {
      const { challengeId, options } = await loginOptions(browser);
      const res = await browser.post(passkeyEndpoints.loginVerify, {
        challengeId,
        response: authenticator.assert(options, tampering),
      });
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('passkey.refused');
      expect(res.cookies.find((c) => c.name === 'hub_session')).toBeUndefined();
    }
    const reasons = (await auditEvents(ctx.hub, { accountId, event: 'passkey.failure' })).map(
      (e) => JSON.parse(e.detail).reason,
    );
    expect(reasons).toEqual(expect.arrayContaining(['origin', 'rp_id', 'user_verification']));
  });

  it('refuses a challenge answered twice, another browser’s challenge, and an expired one', async () => {
    const { authenticator } = await accountWithPasskey();
    const browser = browserFor(ctx.hub, '198.51.100.200');
    const { challengeId, options } = await loginOptions(browser);
    const body = { challengeId, response: authenticator.assert(options) };
    expect((await browser.post(passkeyEndpoints.loginVerify, body)).statusCode).toBe(200);
    const replay = await browser.post(passkeyEndpoints.loginVerify, body);
    expect(replay.json().code).toBe('flow.not_found');

    const theirs = await loginOptions(browserFor(ctx.hub, '198.51.100.201'));
    const stolen = await browser.post(passkeyEndpoints.loginVerify, {
      challengeId: theirs.challengeId,
      response: authenticator.assert(theirs.options),
    });
    expect(stolen.json().code).toBe('flow.not_found');

    const late = await loginOptions(browser);
    ctx.hub.clock.advance(15 * 60_000);
    const expired = await browser.post(passkeyEndpoints.loginVerify, {
      challengeId: late.challengeId,
      response: authenticator.assert(late.options),
    });
    expect(expired.json().code).toBe('flow.expired');
  });

  it('refuses a counter that goes back (a cloned authenticator)', async () => {
    const { accountId, authenticator } = await accountWithPasskey();
    const browser = browserFor(ctx.hub, '198.51.100.202');
    const first = await loginOptions(browser);
    const ok = await browser.post(passkeyEndpoints.loginVerify, {
      challengeId: first.challengeId,
      response: authenticator.assert(first.options, { counter: 5 }),
    });
    expect(ok.statusCode).toBe(200);
    for (const counter of [5, 3]) {
      const next = await loginOptions(browser);
      const cloned = await browser.post(passkeyEndpoints.loginVerify, {
        challengeId: next.challengeId,
        response: authenticator.assert(next.options, { counter }),
      });
      expect(cloned.json().code).toBe('passkey.refused');
    }
    const reasons = (await auditEvents(ctx.hub, { accountId, event: 'passkey.failure' })).map(
      (e) => JSON.parse(e.detail).reason,
    );
    expect(reasons).toEqual(['counter', 'counter']);
  });

  it('refuses an unknown credential, and one whose user handle names another account', async () => {
    const { authenticator } = await accountWithPasskey();
    const browser = browserFor(ctx.hub, '198.51.100.203');
    const stranger = new SoftwareAuthenticator(origin());
    stranger.register({
      challenge: 'x',
      rp: { id: 'localhost', name: 'Account Hub' },
      user: { id: 'dW5rbm93bg', name: 'x', displayName: 'x' },
      pubKeyCredParams: [],
    });
    const first = await loginOptions(browser);
    const unknown = await browser.post(passkeyEndpoints.loginVerify, {
      challengeId: first.challengeId,
      response: stranger.assert(first.options),
    });
    expect(unknown.json().code).toBe('passkey.refused');
    const second = await loginOptions(browser);
    const forged = await browser.post(passkeyEndpoints.loginVerify, {
      challengeId: second.challengeId,
      response: authenticator.assert(second.options, { userHandle: 'c29tZW9uZS1lbHNl' }),
    });
    expect(forged.json().code).toBe('passkey.refused');
  });

  it('as a second factor: the account’s own passkeys only, each challenge once', async () => {
    const { accountId, authenticator } = await accountWithPasskey();
    ctx.n += 1;
    const otherId = await seedAccount(ctx.hub, { email: email() });
    const otherAuthenticator = new SoftwareAuthenticator(origin());
    const otherBrowser = await signedIn(email(), browserFor(ctx.hub, '198.51.100.204'));
    expect((await addPasskey(otherBrowser, otherAuthenticator, 'Key')).statusCode).toBe(200);
    const hub = ctx.hub.hub;
    const flowId = 'second-factor-flow-0001';

    const options = await passkeyAssertionOptions(hub, { accountId, flowId });
    expect(options.allowCredentials?.map((c) => c.id)).toEqual([
      authenticator.credentials[0]!.id.toString('base64url'),
    ]);
    // Another account's credential answering this account's challenge.
    const theirs = otherAuthenticator.assert({ ...options, allowCredentials: [] });
    await expect(verifyPasskeyAssertion(hub, { accountId, flowId, response: theirs })).rejects.toMatchObject({
      code: 'passkey.refused',
    });
    // The refused answer used the challenge up.
    await expect(
      verifyPasskeyAssertion(hub, { accountId, flowId, response: authenticator.assert(options) }),
    ).rejects.toMatchObject({ code: 'flow.not_found' });

    const fresh = await passkeyAssertionOptions(hub, { accountId, flowId });
    const response = authenticator.assert(fresh);
    const accepted = await verifyPasskeyAssertion(hub, { accountId, flowId, response });
    expect(accepted).toMatchObject({ userVerified: true });
    await expect(verifyPasskeyAssertion(hub, { accountId, flowId, response })).rejects.toBeInstanceOf(
      HubError,
    );
    // The other account, with this account's flow: no challenge waits for it.
    await expect(
      verifyPasskeyAssertion(hub, {
        accountId: otherId,
        flowId,
        response: otherAuthenticator.assert({ ...fresh, allowCredentials: [] }),
      }),
    ).rejects.toMatchObject({ code: 'flow.not_found' });
  });

  it('follows the login rules: another platform goes to switching, a tool login needs membership', async () => {
    const { authenticator } = await accountWithPasskey();
    const browser = browserFor(ctx.hub, '198.51.100.205');
    const biz = await loginOptions(browser, { platform: 'biz' });
    const switching = await browser.post(passkeyEndpoints.loginVerify, {
      challengeId: biz.challengeId,
      response: authenticator.assert(biz.options),
    });
    expect(switching.json().location).toMatch(/^\/biz\/switching\/option1\?sainfo=/);
    expect(switching.cookies.find((c) => c.name === 'hub_session')).toBeUndefined();

    const noTool = await browser.post(passkeyEndpoints.loginOptions, { platform: 'psl', toolLogin: true });
    expect(noTool.json().code).toBe('sso.tsa_key_missing');
  });

  it('signs in to a tool from its tool login, only for the tool’s members', async () => {
    const { accountId, authenticator } = await accountWithPasskey();
    const browser = browserFor(ctx.hub, '198.51.100.206');
    const decided = await browser.post('/api/sso/rqx', { from: 'PARTNER_DESK_RQX', callback: 'local' });
    const from = encodeToolSession(decided.json().toolSession as ToolSession);
    const viaTool = async () => {
      const { challengeId, options } = await loginOptions(browser, {
        platform: 'psl',
        toolLogin: true,
        context: { from },
      });
      return browser.post(passkeyEndpoints.loginVerify, {
        challengeId,
        response: authenticator.assert(options),
      });
    };
    const refused = await viaTool();
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'account.not_registered_to_tool',
      params: { tool: 'Partner Desk' },
    });
    await ctx.hub.hub.tools.addMember(302, accountId, ctx.hub.clock.now());
    const done = await viaTool();
    expect(done.statusCode).toBe(200);
    expect(done.json().location.startsWith(demoToolUrl)).toBe(true);
    expect(new URL(done.json().location).searchParams.get('ainfo')).toBeTruthy();
  });
});
