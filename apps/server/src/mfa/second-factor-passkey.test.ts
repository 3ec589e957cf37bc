import { authEndpoints, passkeyEndpoints, secondFactorEndpoints } from '@hub/core';
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/server';
import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { countSignInMethods } from '../services/sign-in-methods.js';
import { seedAccount } from '../test-support/accounts.js';
import { setUpTestHub } from '../test-support/app.js';
import { auditEvents } from '../test-support/audit.js';
import { seedDemoCatalogue } from '../test-support/catalogue.js';
import { browserFor, strongPassword, type TestBrowser } from '../test-support/client.js';
import { testDialects } from '../test-support/databases.js';
import { seedSecondFactor } from '../test-support/second-factors.js';
import { SoftwareAuthenticator } from '../test-support/software-authenticator.js';

const ainfoOf = (location: string) => decodeJwt(new URL(location).searchParams.get('ainfo')!);
const one = (id: string) => passkeyEndpoints.one.replace(':id', id);

describe('countSignInMethods', () => {
  it('counts each passkey as a way to sign in', () => {
    expect(countSignInMethods({ hasPassword: false, identities: 0, passkeys: 1 })).toBe(1);
    expect(countSignInMethods({ hasPassword: true, identities: 1, passkeys: 2 })).toBe(4);
    expect(countSignInMethods({ hasPassword: false, identities: 0, passkeys: 0 })).toBe(0);
  });
});

/** A passkey as the second factor of the generic second step (docs/second-factors.md). */
describe.each(testDialects)('a passkey as second factor on %s', (dialect) => {
  const ctx = setUpTestHub(dialect, { network: '203.0.113', seed: seedDemoCatalogue });
  const email = () => `pk2f${ctx.n}@example.ph`;
  const origin = () => new URL(ctx.hub.config.publicUrl).origin;

  /** The login's password step; answers the API's reply (a second step when the account has one). */
  const logIn = async (browser: TestBrowser, account = email()) => {
    const identify = await browser.post(authEndpoints.loginIdentify, { platform: 'psl', account });
    return browser.post(authEndpoints.loginPassword, {
      flowId: identify.json().flowId,
      password: strongPassword,
    });
  };

  const addPasskey = async (browser: TestBrowser, authenticator: SoftwareAuthenticator, name = 'Laptop') => {
    const options = await browser.post(passkeyEndpoints.registrationOptions, {});
    expect(options.statusCode).toBe(200);
    const creation = options.json().options as PublicKeyCredentialCreationOptionsJSON;
    const added = await browser.post(passkeyEndpoints.register, {
      challengeId: options.json().challengeId,
      name,
      response: authenticator.register(creation),
    });
    expect(added.statusCode, added.body).toBe(200);
    return added.json().id as string;
  };

  /** An account whose only second factor is a passkey, added from a signed-in browser. */
  const accountWithPasskey = async (ip: string, account = email()) => {
    const accountId = await seedAccount(ctx.hub, { email: account });
    const authenticator = new SoftwareAuthenticator(origin());
    const browser = browserFor(ctx.hub, ip);
    expect((await logIn(browser, account)).json().next).toBe('redirect');
    const passkeyId = await addPasskey(browser, authenticator);
    return { accountId, authenticator, browser, passkeyId };
  };

  const passkeyOptions = async (browser: TestBrowser, flowId: string) => {
    const res = await browser.post(secondFactorEndpoints.passkeyOptions, { flowId });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().options as PublicKeyCredentialRequestOptionsJSON;
  };
  const verify = (browser: TestBrowser, flowId: string, response: unknown) =>
    browser.post(secondFactorEndpoints.verify, { flowId, method: 'passkey', response });

  it('stops a password sign-in for the passkey, and completes with it (amr pwd hwk user mfa)', async () => {
    const { accountId, authenticator } = await accountWithPasskey('203.0.113.10');
    const browser = browserFor(ctx.hub, '203.0.113.11');
    const parked = await logIn(browser);
    expect(parked.json()).toMatchObject({ next: 'second_factor', methods: ['passkey'] });
    expect(parked.cookies.find((c) => c.name === 'hub_session')).toBeUndefined();
    const { flowId } = parked.json();
    expect((await browser.get(`${secondFactorEndpoints.stepStatus}?flowId=${flowId}`)).json()).toEqual({
      methods: ['passkey'],
      enrol: false,
    });

    // Another browser can neither ask for the flow's options nor answer them.
    const stranger = browserFor(ctx.hub, '203.0.113.12');
    expect((await stranger.post(secondFactorEndpoints.passkeyOptions, { flowId })).statusCode).toBe(404);
    // No options asked for yet: nothing to answer.
    const early = await passkeyOptions(browser, flowId);
    const options = await passkeyOptions(browser, flowId);
    expect(options.allowCredentials?.map((c) => c.id)).toEqual([
      authenticator.credentials[0]!.id.toString('base64url'),
    ]);
    expect((await verify(stranger, flowId, authenticator.assert(options))).statusCode).toBe(404);
    // An answer to the older options: their challenge was replaced by the newer one.
    expect((await verify(browser, flowId, authenticator.assert(early))).json().code).toBe('passkey.refused');
    // The refused answer took the newer challenge with it: new options for the next try.
    const fresh = await passkeyOptions(browser, flowId);
    const done = await verify(browser, flowId, authenticator.assert(fresh));
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().location).toMatch(
      new RegExp(`^${ctx.hub.config.platformUrls.psl}/sso/account/auth\\?ainfo=`),
    );
    expect(ainfoOf(done.json().location).amr).toEqual(['pwd', 'hwk', 'user', 'mfa']);
    expect(done.cookies.find((c) => c.name === 'hub_session')).toMatchObject({ httpOnly: true });
    const sessions = await ctx.db
      .selectFrom('sessions')
      .select(['amr', 'auth_method'])
      .where('account_id', '=', accountId)
      .execute();
    expect(sessions.map((s) => s.amr)).toContain('pwd hwk user mfa');
    const events = await auditEvents(ctx.hub, { accountId });
    expect(
      events.some((e) => e.event === 'second_factor.ok' && JSON.parse(e.detail).method === 'passkey'),
    ).toBe(true);
    expect(events.some((e) => e.event === 'second_factor.failed')).toBe(true);
  });

  it('refuses a passkey of another account, an answer without options, and a replayed answer', async () => {
    const { authenticator } = await accountWithPasskey('203.0.113.20');
    const other = await accountWithPasskey('203.0.113.21', `other-${email()}`);
    const browser = browserFor(ctx.hub, '203.0.113.22');
    const { flowId } = (await logIn(browser)).json();

    // Without options there is no challenge to answer.
    const unasked = authenticator.assert({
      challenge: 'bm90LWFza2Vk',
      rpId: 'localhost',
      allowCredentials: [],
    });
    const none = await verify(browser, flowId, unasked);
    expect(none.json().code).toBe('flow.not_found');

    const mine = await passkeyOptions(browser, flowId);
    // The other account's credential answering this account's challenge.
    const theirs = other.authenticator.assert({ ...mine, allowCredentials: [] });
    const refused = await verify(browser, flowId, theirs);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ code: 'passkey.refused', field: 'response' });

    const options = await passkeyOptions(browser, flowId);
    const response = authenticator.assert(options);
    expect((await verify(browser, flowId, response)).statusCode).toBe(200);
    // The same answer again: the flow is over.
    expect((await verify(browser, flowId, response)).json().code).toBe('flow.not_found');
    // On a new sign-in with new options: the answer names a challenge that is gone.
    const again = browserFor(ctx.hub, '203.0.113.23');
    const next = (await logIn(again)).json();
    await passkeyOptions(again, next.flowId);
    expect((await verify(again, next.flowId, response)).json().code).toBe('passkey.refused');
    // A passkey answer needs its response; a code is not one.
    const bare = await again.post(secondFactorEndpoints.verify, {
      flowId: next.flowId,
      method: 'passkey',
      code: '123456',
    });
    expect(bare.json()).toMatchObject({ code: 'passkey.refused', field: 'response' });
  });

  it('offers the passkey beside an authenticator app and recovery codes, and no options without a passkey', async () => {
    const { accountId, browser: signedIn } = await accountWithPasskey('203.0.113.30');
    // Recovery codes count beside a passkey alone.
    const codes = await signedIn.post(secondFactorEndpoints.recoveryCodes, {});
    expect(codes.statusCode, codes.body).toBe(200);
    const browser = browserFor(ctx.hub, '203.0.113.31');
    expect((await logIn(browser)).json().methods).toEqual(['recovery', 'passkey']);
    await seedSecondFactor(ctx.hub, accountId);
    expect((await logIn(browser)).json().methods).toEqual(['totp', 'recovery', 'passkey']);

    const totpOnly = await seedAccount(ctx.hub, { email: `app-${email()}` });
    await seedSecondFactor(ctx.hub, totpOnly);
    const parked = (await logIn(browser, `app-${email()}`)).json();
    expect(parked.methods).toEqual(['totp', 'recovery']);
    const options = await browser.post(secondFactorEndpoints.passkeyOptions, { flowId: parked.flowId });
    expect(options.json().code).toBe('second_factor.method_unavailable');
  });

  it('asks for the password to remove the last second factor, counting passkeys and the app', async () => {
    const { accountId, browser, passkeyId, authenticator } = await accountWithPasskey('203.0.113.40');
    await seedSecondFactor(ctx.hub, accountId);
    expect((await browser.get(passkeyEndpoints.list)).json().removingLastNeedsPassword).toBe(false);
    // The last passkey, with an authenticator app beside it: no password.
    expect((await browser.send('DELETE', one(passkeyId), {})).statusCode).toBe(200);
    // The app, now the last of all: the password, and the recovery codes go with it.
    const bare = await browser.send('DELETE', secondFactorEndpoints.totp, {});
    expect(bare.json()).toMatchObject({ code: 'password.required', field: 'password' });
    const removed = await browser.send('DELETE', secondFactorEndpoints.totp, { password: strongPassword });
    expect(removed.json()).toMatchObject({ methods: [], recoveryCodes: { remaining: 0 } });

    // The other way round: the app goes freely beside a passkey, the last passkey asks.
    const key = await addPasskey(browser, authenticator, 'Phone');
    const { code } = await seedSecondFactor(ctx.hub, accountId);
    expect(code()).toMatch(/^\d{6}$/);
    expect((await browser.send('DELETE', secondFactorEndpoints.totp, {})).statusCode).toBe(200);
    expect((await browser.get(passkeyEndpoints.list)).json().removingLastNeedsPassword).toBe(true);
    const keyBare = await browser.send('DELETE', one(key), {});
    expect(keyBare.json()).toMatchObject({ code: 'password.required', field: 'password' });
    expect((await browser.send('DELETE', one(key), { password: strongPassword })).statusCode).toBe(200);
    expect((await browser.get(secondFactorEndpoints.status)).json()).toMatchObject({
      methods: [],
      recoveryCodes: { remaining: 0 },
    });
    expect(await ctx.hub.hub.secondFactors.unusedRecoveryCodes(accountId)).toBe(0);
  });

  it('keeps the last way to sign in: a passkey of an account without a password or a provider', async () => {
    const { accountId, browser, passkeyId, authenticator } = await accountWithPasskey('203.0.113.50');
    const second = await addPasskey(browser, authenticator, 'Phone');
    await ctx.db.updateTable('accounts').set({ password_hash: null }).where('id', '=', accountId).execute();
    expect((await browser.send('DELETE', one(passkeyId), {})).statusCode).toBe(200);
    const last = await browser.send('DELETE', one(second), {});
    expect(last.statusCode).toBe(409);
    expect(last.json().code).toBe('account.last_sign_in_method');
    expect((await browser.get(passkeyEndpoints.list)).json().passkeys).toHaveLength(1);
  });
});
