import { secondFactorEndpoints, secondFactorTexts } from '@hub/core';
import { generateSync } from 'otplib';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { field, journeyPassword, logInToPasswordStep, signUp, typeCode } from './support/auth.js';
import { useHubBrowserAndMail } from './support/setup.js';

const setup = useHubBrowserAndMail();
const email = 'gabriela.silang@example.ph';

const openPage = async (): Promise<Page> => {
  const context = await setup.browser.newContext({ viewport: { width: 800, height: 900 } });
  return context.newPage();
};

/** A call of the enrolment API from the page, with its session cookie, as the account center makes it. */
const callApi = (page: Page, method: 'POST' | 'GET', path: string, body?: unknown) =>
  page.evaluate(
    async ({ method, path, body }) => {
      const res = await fetch(path, {
        method,
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body: body === undefined ? null : JSON.stringify(body),
      });
      return { status: res.status, json: await res.json() };
    },
    { method, path, body },
  );

/** The authenticator app's code for the time step after the current one (inside the ±1 window). */
const nextStepCode = (secret: string) => generateSync({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });

/** Login up to the second step (a fresh browser), password included. */
const toSecondStep = async () => {
  const page = await openPage();
  await logInToPasswordStep(page, setup.hub.url, 'psl', email);
  await page.getByLabel(field('Password')).fill(journeyPassword);
  await page.keyboard.press('Enter');
  await page.getByText(secondFactorTexts.title).waitFor();
  return page;
};

describe('second factors in Chromium', () => {
  let secret = '';
  let recoveryCodes: string[] = [];

  it('enrols an authenticator app through the API from a signed-in page', async () => {
    const page = await openPage();
    await signUp(page, setup.hub.url, setup.sink, 'psl', email);
    await page.goto(`${setup.hub.url}/`);
    const started = await callApi(page, 'POST', secondFactorEndpoints.totp, {});
    expect(started.status).toBe(200);
    secret = started.json.secret;
    const code = generateSync({ secret, epoch: Math.floor(Date.now() / 1000) });
    const confirmed = await callApi(page, 'POST', secondFactorEndpoints.totpConfirm, { code });
    expect(confirmed.status).toBe(200);
    recoveryCodes = confirmed.json.recoveryCodes;
    expect(recoveryCodes).toHaveLength(10);
    await page.context().close();
  });

  it('asks for the code after the password, and signs in with it', async () => {
    const page = await toSecondStep();
    await typeCode(page, nextStepCode(secret));
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/demo\/psl\/sso\/account\/auth\?ainfo=/);
    expect(await page.getByTestId('platform-account').textContent()).toBe(email);
    await page.context().close();
  });

  it('signs in once with a recovery code, and refuses it the second time', async () => {
    const page = await toSecondStep();
    await page.getByRole('button', { name: secondFactorTexts.useRecovery }).click();
    await page.getByLabel(secondFactorTexts.recoveryLabel).fill(recoveryCodes[0]!);
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/demo\/psl\/sso\/account\/auth\?ainfo=/);
    await page.context().close();

    const again = await toSecondStep();
    await again.getByRole('button', { name: secondFactorTexts.useRecovery }).click();
    await again.getByLabel(secondFactorTexts.recoveryLabel).fill(recoveryCodes[0]!);
    await again.keyboard.press('Enter');
    await again.getByText('That recovery code didn’t work. Each recovery code works only once.').waitFor();
    expect(again.url()).toContain('/psl/login');
    await again.context().close();
  });
});
