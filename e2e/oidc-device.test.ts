import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { runHubCli } from './support/demo-tool.js';
import { useHubBrowserAndMail } from './support/setup.js';
import { signUpByApi } from './support/switching.js';

const setup = useHubBrowserAndMail();

const DEVICE_GRANT = 'urn:ietf:params:oauth:grant-type:device_code';

/** A device app (a shop's tablet) registered as an operator does: public, device flow only. */
const deviceClient = (name: string) => {
  const out = runHubCli(setup.hub.databaseUrl, [
    'clients',
    'add',
    '--name',
    name,
    '--public',
    '--first-party',
    '--grant-type',
    'device_code',
    '--json',
  ]);
  return (JSON.parse(out) as { client_id: string }).client_id;
};

const form = (fields: Record<string, string>) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields),
});

describe('OpenID Connect device flow (RFC 8628)', () => {
  it('signs a device in from the user-code screen', async () => {
    const context = await setup.browser.newContext();
    await signUpByApi(context, setup.hub.url, setup.sink, 'psl', `device-${Date.now()}@example.ph`);
    const clientId = deviceClient('Shop Tablet');

    // The device asks for a code.
    const started = await fetch(
      `${setup.hub.url}/oidc/device/auth`,
      form({ client_id: clientId, scope: 'openid email' }),
    );
    expect(started.status).toBe(200);
    const device = (await started.json()) as {
      device_code: string;
      user_code: string;
      verification_uri: string;
    };
    const pending = await fetch(
      `${setup.hub.url}/oidc/token`,
      form({ grant_type: DEVICE_GRANT, device_code: device.device_code, client_id: clientId }),
    );
    expect(((await pending.json()) as { error: string }).error).toBe('authorization_pending');

    // The person opens the address on their phone and types the code.
    const page = await context.newPage();
    await page.goto(device.verification_uri);
    await page.locator('[data-screen="oidc_device"]').waitFor();
    await page.getByLabel('Code from your device').fill('BCDF-GHJK');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page
      .getByTestId('device-problem')
      .getByText('No device is waiting for this code.', { exact: false })
      .waitFor();
    await page.getByLabel('Code from your device').fill(device.user_code.toLowerCase());
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByTestId('device-client-name').getByText('Shop Tablet').waitFor();
    expect(await page.getByTestId('device-user-code').textContent()).toBe(device.user_code);
    await page.getByRole('button', { name: 'Yes, sign in' }).click();
    await page.getByTestId('device-done').waitFor();

    // The device's next poll gets its tokens.
    const token = await fetch(
      `${setup.hub.url}/oidc/token`,
      form({ grant_type: DEVICE_GRANT, device_code: device.device_code, client_id: clientId }),
    );
    const body = (await token.json()) as { id_token?: string; access_token?: string };
    expect(token.status, JSON.stringify(body)).toBe(200);
    expect(decodeJwt(String(body.id_token)).aud).toBe(clientId);
    await context.close();
  });
});
