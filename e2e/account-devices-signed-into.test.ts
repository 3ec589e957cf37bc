import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { runHubCli } from './support/demo-tool.js';
import { screenshotsAtWidths, seriousViolations } from './support/page-checks.js';
import { useHubBrowserAndMail } from './support/setup.js';
import { shotsIn } from './support/shots.js';
import { signUpByApi } from './support/switching.js';

/** Never served: the browser's arrival there is caught and answered by the test. */
const REDIRECT = 'https://rp.example.test/callback';

const setup = useHubBrowserAndMail();
const shoot = shotsIn('account-devices-signed-into');

describe('the Devices page: what each session signed into (issue #32)', () => {
  it('lists the OpenID Connect app a session signed into, under that session only', async () => {
    const { hub, browser, sink } = setup;
    const out = runHubCli(hub.databaseUrl, [
      'clients',
      'add',
      '--name',
      'Barangay Ledger',
      '--redirect-uri',
      REDIRECT,
      '--public',
      '--first-party',
    ]);
    const clientId = /client_id: (hub_[A-Za-z0-9_-]+)/.exec(out)?.[1];
    if (!clientId) throw new Error(`no client_id in: ${out}`);

    const phone = await browser.newContext({ viewport: { width: 375, height: 900 } });
    const email = `signed-into-${Date.now()}@example.ph`;
    await signUpByApi(phone, hub.url, sink, 'psl', email);

    // The phone, signed in to the hub, signs in to the app without a password.
    const url = new URL(`${hub.url}/oidc/auth`);
    for (const [name, value] of Object.entries({
      client_id: clientId,
      response_type: 'code',
      redirect_uri: REDIRECT,
      scope: 'openid email',
      state: randomBytes(16).toString('base64url'),
      code_challenge: createHash('sha256').update(randomBytes(32).toString('base64url')).digest('base64url'),
      code_challenge_method: 'S256',
    }))
      url.searchParams.set(name, value);
    // The provider's redirects, followed with the browser's cookies up to the client's callback.
    let location = url.href;
    for (let hops = 0; hops < 10 && !location.startsWith(REDIRECT); hops++) {
      const res = await phone.request.get(new URL(location, hub.url).href, { maxRedirects: 0 });
      location = res.headers().location ?? '';
    }
    expect(new URL(location).searchParams.get('code')).toBeTruthy();

    const page = await phone.newPage();
    await page.goto(`${hub.url}/account/sessions`);
    const session = page.locator('[data-testid="session"][data-current]');
    await session.waitFor();
    const into = session.getByTestId('session-signed-into');
    await into.waitFor();
    expect(await into.textContent()).toBe('Signed into: Barangay Ledger');
    expect(await seriousViolations(page)).toEqual([]);
    await screenshots(page);
    await phone.close();
  });
});

const screenshots = (page: Parameters<typeof screenshotsAtWidths>[0]) =>
  screenshotsAtWidths(page, shoot, 'devices-signed-into');
