import { meSecurityEndpoints, passkeyEndpoints, secondFactorEndpoints } from '@hub/core';
import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/server';
import { describe, expect, it } from 'vitest';
import { resetSecondFactors } from '../admin/actions.js';
import { seedAccount } from '../test-support/accounts.js';
import { setUpTestHub, type TestHub } from '../test-support/app.js';
import { latestCode, signInWith, strongPassword, type TestBrowser } from '../test-support/client.js';
import { testDialects } from '../test-support/databases.js';
import { totpCodeAt } from '../test-support/second-factors.js';
import { SoftwareAuthenticator } from '../test-support/software-authenticator.js';

/**
 * The security notices of changes made in the account center (docs/security.md "Notices"): a
 * second factor or passkey added or removed, the email changed (to the old address and the new
 * one). Each goes through the real outbox and mail worker into the dev mailbox.
 */

/** Every mail delivered to `to` whose subject matches, oldest first. */
const noticesTo = async (hub: TestHub, to: string, subject: RegExp) => {
  await hub.mailWorker.runOnce();
  return (hub.devMailbox?.list({ to }) ?? []).filter((mail) => subject.test(mail.subject));
};

const addTotp = async (hub: TestHub, browser: TestBrowser) => {
  const started = await browser.post(secondFactorEndpoints.totp, {});
  expect(started.statusCode, started.body).toBe(200);
  const confirmed = await browser.post(secondFactorEndpoints.totpConfirm, {
    code: totpCodeAt(started.json().secret, hub.clock.now()),
  });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
};

const addPasskey = async (browser: TestBrowser, authenticator: SoftwareAuthenticator) => {
  const options = await browser.post(passkeyEndpoints.registrationOptions, {});
  expect(options.statusCode, options.body).toBe(200);
  const { challengeId, options: creation } = options.json() as {
    challengeId: string;
    options: PublicKeyCredentialCreationOptionsJSON;
  };
  const added = await browser.post(passkeyEndpoints.register, {
    challengeId,
    name: 'Laptop',
    response: authenticator.register(creation),
  });
  expect(added.statusCode, added.body).toBe(200);
  return added.json().id as string;
};

describe.each(testDialects)('security notices of account center changes on %s', (dialect) => {
  const ctx = setUpTestHub(dialect, { network: '198.19.71' });
  const email = () => `notice${ctx.n}@example.ph`;
  const security = () => `${ctx.hub.config.publicUrl}/account/security`;

  it('mails the person when an authenticator app is added and removed, with a link to Security', async () => {
    await seedAccount(ctx.hub, { email: email() });
    await signInWith(ctx.browser, email());
    await addTotp(ctx.hub, ctx.browser);
    const added = await noticesTo(ctx.hub, email(), /authenticator app was added/i);
    expect(added).toHaveLength(1);
    expect(added[0]?.text).toContain(security());
    expect(added[0]?.html).toContain('Open your Security page');

    const removed = await ctx.browser.delete(secondFactorEndpoints.totp, { password: strongPassword });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await noticesTo(ctx.hub, email(), /authenticator app was removed/i)).toHaveLength(1);
    // Queued with the change: the outbox row is there even before the worker runs.
    const rows = await ctx.db
      .selectFrom('mail_outbox')
      .select('subject')
      .where('to_address', '=', email())
      .execute();
    expect(rows.filter((row) => /authenticator app/.test(row.subject))).toHaveLength(2);
  });

  it('mails the person when a passkey is added and removed', async () => {
    await seedAccount(ctx.hub, { email: email() });
    await signInWith(ctx.browser, email());
    const authenticator = new SoftwareAuthenticator(new URL(ctx.hub.config.publicUrl).origin);
    const id = await addPasskey(ctx.browser, authenticator);
    const added = await noticesTo(ctx.hub, email(), /passkey was added/i);
    expect(added).toHaveLength(1);
    expect(added[0]?.text).toContain(security());

    const removed = await ctx.browser.send('DELETE', passkeyEndpoints.one.replace(':id', id), {
      password: strongPassword,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await noticesTo(ctx.hub, email(), /passkey was removed/i)).toHaveLength(1);
  });

  it('writes the notice in Filipino for a person who reads Filipino', async () => {
    await seedAccount(ctx.hub, { email: email() });
    ctx.browser.cookies.set('hub_lng', 'fil');
    await signInWith(ctx.browser, email());
    await addTotp(ctx.hub, ctx.browser);
    const mails = await noticesTo(ctx.hub, email(), /idinagdag na authenticator app/i);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain('May na-set up na authenticator app bilang second factor');
    expect(mails[0]?.html).toContain('lang="fil"');
    expect(mails[0]?.html).toContain('Buksan ang iyong pahina ng Seguridad');
  });

  it('mails the person when an operator resets their second factors, in the language they last used', async () => {
    const id = await seedAccount(ctx.hub, { email: email() });
    ctx.browser.cookies.set('hub_lng', 'fil');
    await signInWith(ctx.browser, email());
    await addTotp(ctx.hub, ctx.browser);
    await addPasskey(ctx.browser, new SoftwareAuthenticator(new URL(ctx.hub.config.publicUrl).origin));
    const account = await ctx.hub.hub.accounts.findById(id);
    const by = { operatorId: null, via: 'cli', reason: 'lost their phone', from: null } as const;
    expect(await resetSecondFactors(ctx.hub.hub, account!, by)).toEqual({ passkeysRemoved: 1 });
    expect(await noticesTo(ctx.hub, email(), /^Inalis ang authenticator app/)).toHaveLength(1);
    expect(await noticesTo(ctx.hub, email(), /^May inalis na passkey/)).toHaveLength(1);
  });

  it('sends no more than the hourly share of factor notices to one account', async () => {
    await seedAccount(ctx.hub, { email: email() });
    await signInWith(ctx.browser, email());
    for (let i = 0; i < 4; i += 1) {
      await addTotp(ctx.hub, ctx.browser);
      const removed = await ctx.browser.delete(secondFactorEndpoints.totp, { password: strongPassword });
      expect(removed.statusCode, removed.body).toBe(200);
    }
    // Eight changes, five notices (policy.throttle.securityNoticePerAccount).
    expect(await noticesTo(ctx.hub, email(), /authenticator app/i)).toHaveLength(5);
  });

  it('mails an email change to the old address and the new one, the old one even past the share', async () => {
    const oldEmail = email();
    const newEmail = `moved${ctx.n}@example.ph`;
    await seedAccount(ctx.hub, { email: oldEmail });
    await signInWith(ctx.browser, oldEmail);
    // The share used up by factor changes: the email change still reaches the old address.
    for (let i = 0; i < 3; i += 1) {
      await addTotp(ctx.hub, ctx.browser);
      await ctx.browser.delete(secondFactorEndpoints.totp, { password: strongPassword });
    }
    const started = await ctx.browser.post(meSecurityEndpoints.email, {
      newEmail,
      password: strongPassword,
    });
    expect(started.statusCode, started.body).toBe(200);
    const done = await ctx.browser.post(meSecurityEndpoints.emailVerify, {
      flowId: started.json().flowId,
      code: await latestCode(ctx.hub, newEmail),
    });
    expect(done.statusCode, done.body).toBe(200);

    const toOld = await noticesTo(ctx.hub, oldEmail, /email address was changed/i);
    expect(toOld).toHaveLength(1);
    expect(toOld[0]?.text).toContain(newEmail);
    expect(toOld[0]?.text).toContain(security());
    // The new address's notice is within the share, which the factor changes used up.
    expect(await noticesTo(ctx.hub, newEmail, /now the email address/i)).toHaveLength(0);
  });

  it('mails the new address that it now signs in, in the language of the change', async () => {
    const oldEmail = email();
    const newEmail = `bago${ctx.n}@example.ph`;
    await seedAccount(ctx.hub, { email: oldEmail });
    ctx.browser.cookies.set('hub_lng', 'fil');
    await signInWith(ctx.browser, oldEmail);
    const started = await ctx.browser.post(meSecurityEndpoints.email, {
      newEmail,
      password: strongPassword,
    });
    const done = await ctx.browser.post(meSecurityEndpoints.emailVerify, {
      flowId: started.json().flowId,
      code: await latestCode(ctx.hub, newEmail),
    });
    expect(done.statusCode, done.body).toBe(200);
    const toNew = await noticesTo(ctx.hub, newEmail, /Ito na ang email address/);
    expect(toNew).toHaveLength(1);
    expect(toNew[0]?.text).toContain(`Ang address na ito, ${newEmail}`);
    expect(toNew[0]?.text).toContain(security());
    expect(await noticesTo(ctx.hub, oldEmail, /Napalitan ang iyong email address/)).toHaveLength(1);
  });
});
