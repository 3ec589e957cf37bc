import { secondFactorEndpoints, secondFactorTexts } from '@hub/core';
import { generateSync } from 'otplib';
import type { Browser, Page } from 'playwright-core';
import { expect } from 'vitest';
import { field, journeyPassword, logInToPasswordStep, typeCode } from './auth.js';

/** A page in a fresh browser context (its own cookies), `width` px wide. */
export const openContextPage = async (browser: Browser, width = 1280): Promise<Page> => {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  return context.newPage();
};

/** A POST from the page, with its cookies and its Origin, as the hub's own screens make it. */
export const postFromPage = (page: Page, path: string, body: unknown) =>
  page.evaluate(
    async ({ path, body }) => {
      const res = await fetch(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return { status: res.status, retryAfter: res.headers.get('retry-after'), json: await res.json() };
    },
    { path, body },
  );

/** An authenticator code `offsetSeconds` from now. */
export const authenticatorCode = (secret: string, offsetSeconds = 0) =>
  generateSync({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSeconds });

/** Sets up an authenticator app for the account signed in on `page`; its secret. */
export const addAuthenticator = async (page: Page, hubUrl: string): Promise<string> => {
  await page.goto(`${hubUrl}/`);
  const secret = (await postFromPage(page, secondFactorEndpoints.totp, {})).json.secret as string;
  const confirmed = await postFromPage(page, secondFactorEndpoints.totpConfirm, {
    code: authenticatorCode(secret),
  });
  expect(confirmed.status).toBe(200);
  return secret;
};

/**
 * Signs in on the login screen with the password and the authenticator's code of the next time step
 * (setting up used the current one, and a code is taken only for a later step).
 */
export const signInWithAuthenticator = async (page: Page, hubUrl: string, email: string, secret: string) => {
  await logInToPasswordStep(page, hubUrl, 'psl', email);
  await page.getByLabel(field('Password')).fill(journeyPassword);
  await page.keyboard.press('Enter');
  await page.getByText(secondFactorTexts.title).waitFor();
  await typeCode(page, authenticatorCode(secret, 30));
  await page.keyboard.press('Enter');
  await page.waitForURL(/ainfo=/);
};
