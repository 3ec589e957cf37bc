import { createHash, randomBytes } from 'node:crypto';
import { decodeJwt } from 'jose';
import type { BrowserContext } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { runHubCli } from './support/demo-tool.js';
import { useHubBrowserAndMail } from './support/setup.js';
import { signUpByApi } from './support/switching.js';

/** Never served: the browser's arrival there is caught and answered by the test. */
const REDIRECT = 'http://localhost:9/callback';

const setup = useHubBrowserAndMail();

/** A third-party (not first-party) public client, registered as an operator does. */
const thirdPartyClient = (name: string) => {
  const out = runHubCli(setup.hub.databaseUrl, [
    'clients',
    'add',
    '--name',
    name,
    '--redirect-uri',
    REDIRECT,
    '--public',
  ]);
  const clientId = /client_id: (hub_[A-Za-z0-9_-]+)/.exec(out)?.[1];
  if (!clientId) throw new Error(`no client_id in: ${out}`);
  return clientId;
};

/** Opens the client's authorization request in the browser; resolves with the callback it reaches. */
const authorize = async (context: BrowserContext, clientId: string) => {
  const verifier = randomBytes(32).toString('base64url');
  const state = randomBytes(16).toString('base64url');
  const url = new URL(`${setup.hub.url}/oidc/auth`);
  for (const [name, value] of Object.entries({
    client_id: clientId,
    response_type: 'code',
    redirect_uri: REDIRECT,
    scope: 'openid email hub',
    state,
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
  }))
    url.searchParams.set(name, value);
  const page = await context.newPage();
  const arrived = new Promise<URL>((resolve) => {
    void page.route(`${REDIRECT}**`, async (route) => {
      resolve(new URL(route.request().url()));
      await route.fulfill({ body: 'back at the client', contentType: 'text/plain' });
    });
  });
  await page.goto(url.href);
  return { page, arrived, verifier, state };
};

describe('OpenID Connect consent screen', () => {
  it('asks once for a third-party client: Allow gives a code, the next request asks nothing', async () => {
    const context = await setup.browser.newContext();
    const email = `consent-${Date.now()}@example.ph`;
    await signUpByApi(context, setup.hub.url, setup.sink, 'psl', email);
    const clientId = thirdPartyClient('Partner Reviews');

    const first = await authorize(context, clientId);
    await first.page.locator('[data-screen="oidc_consent"]').waitFor();
    await first.page.getByTestId('oidc-client-name').getByText('Partner Reviews').waitFor();
    const items = first.page.getByTestId('oidc-consent-items');
    await items.getByText('Your email address').waitFor();
    await items.getByText('Your account type').waitFor();
    await first.page.getByRole('button', { name: 'Allow' }).click();
    const callback = await first.arrived;
    expect(callback.searchParams.get('state')).toBe(first.state);
    const code = callback.searchParams.get('code');
    expect(code).toBeTruthy();
    const token = await fetch(`${setup.hub.url}/oidc/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: String(code),
        redirect_uri: REDIRECT,
        client_id: clientId,
        code_verifier: first.verifier,
      }),
    });
    expect(token.status).toBe(200);
    const { id_token: idToken } = (await token.json()) as { id_token: string };
    expect(decodeJwt(idToken).aud).toBe(clientId);

    // Remembered: the same client asking again goes straight back with a code.
    const second = await authorize(context, clientId);
    expect((await second.arrived).searchParams.get('code')).toBeTruthy();
    await context.close();
  });

  it('answers the client with access_denied when the person denies', async () => {
    const context = await setup.browser.newContext();
    await signUpByApi(context, setup.hub.url, setup.sink, 'psl', `deny-${Date.now()}@example.ph`);
    const clientId = thirdPartyClient('Other Partner');
    const { page, arrived, state } = await authorize(context, clientId);
    await page.getByRole('button', { name: 'Deny', exact: true }).click();
    const callback = await arrived;
    expect(callback.searchParams.get('error')).toBe('access_denied');
    expect(callback.searchParams.get('state')).toBe(state);
    expect(callback.searchParams.get('code')).toBeNull();
    await context.close();
  });
});
