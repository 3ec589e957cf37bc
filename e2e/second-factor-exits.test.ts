import {
  ACR_MULTI_FACTOR,
  authEndpoints,
  errorMessage,
  secondFactorEndpoints,
  secondFactorTexts,
} from '@hub/core';
import { generateSync } from 'otplib';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { field, journeyPassword, typeCode } from './support/auth.js';
import { runHubCli, startDemoTool } from './support/demo-tool.js';
import { shownByExample, startRegisteredOidcExample } from './support/oidc-example.js';
import { postFromPage } from './support/operator.js';
import { freePort, type NodeProcess } from './support/process.js';
import { useHubBrowserAndMail } from './support/setup.js';
import { shotsIn } from './support/shots.js';
import { signUpByApi } from './support/switching.js';

/**
 * Issue #17's exits of a sign-in with a second factor, in Chromium, with codes computed from the
 * secret the hub shows (otplib): the tool login of a tool that requires one (set up on the spot, or
 * asked for), an OpenID Connect client that asks for it with acr_values (examples/oidc-client,
 * registered with `hub clients add`), and a burst of wrong codes held to the free attempts. The
 * login, passkeys, recovery codes and the account center have their own files.
 */
const setup = useHubBrowserAndMail({ partner: { variable: 'DEMO_TOOL_URL', start: startDemoTool } });
const shoot = shotsIn('second-factor-exits');
const stamp = Date.now().toString(36);
const emailOf = (name: string) => `${name}-${stamp}@example.ph`;

let example: NodeProcess | undefined;
let exampleUrl = '';
let clientId = '';

// Registered after the setup's hooks: runs once the hub answers, and ends before it stops.
beforeAll(async () => {
  const port = await freePort();
  exampleUrl = `http://localhost:${port}`;
  ({ example, clientId } = await startRegisteredOidcExample(port, setup.hub));
});
afterAll(async () => {
  await example?.end('SIGTERM');
});

const openPage = async (): Promise<Page> => {
  const context = await setup.browser.newContext({ viewport: { width: 800, height: 900 } });
  return context.newPage();
};

const codeAt = (secret: string, offsetSeconds: number) =>
  generateSync({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSeconds });

/**
 * The authenticator's code for the time step after the current one (inside the ±1 window): a code
 * is accepted only for a step later than the last one the account used, and setting up used the
 * current one.
 */
const nextStepCode = (secret: string) => codeAt(secret, 30);

/** A new account that set up an authenticator app in the account center; its secret. */
const accountWithApp = async (email: string): Promise<string> => {
  const page = await openPage();
  await signUpByApi(page.context(), setup.hub.url, setup.sink, 'psl', email);
  await page.goto(`${setup.hub.url}/`);
  const secret = await enrolFromPage(page);
  await page.context().close();
  return secret;
};

/** Sets up an authenticator app from a signed-in page, through the account center's API. */
const enrolFromPage = async (page: Page): Promise<string> => {
  const started = await postFromPage(page, secondFactorEndpoints.totp, {});
  expect(started.status).toBe(200);
  const secret: string = started.json.secret;
  const confirmed = await postFromPage(page, secondFactorEndpoints.totpConfirm, { code: codeAt(secret, 0) });
  expect(confirmed.status).toBe(200);
  return secret;
};

const accountAndPassword = async (page: Page, email: string) => {
  await page.getByLabel('Email, mobile number or username').fill(email);
  await page.keyboard.press('Enter');
  await page.getByLabel(field('Password')).fill(journeyPassword);
  await page.keyboard.press('Enter');
};

/** The second step's code boxes: the code of the next time step, then Continue. */
const secondStep = async (page: Page, secret: string) => {
  await page.getByText(secondFactorTexts.title).waitFor();
  await page.getByText(secondFactorTexts.totpPrompt).waitFor();
  await typeCode(page, nextStepCode(secret));
  await page.keyboard.press('Enter');
};

/** What the demo tool redeemed and verified: its landing path, the account and the ainfo's claims. */
const toolLanding = async (page: Page) => {
  await page.getByTestId('tool-signed-in').waitFor();
  return {
    path: new URL(page.url()).pathname,
    account: await page.getByTestId('tool-account').textContent(),
    claims: JSON.parse((await page.getByTestId('tool-claims').textContent()) ?? '{}') as Record<
      string,
      unknown
    >,
  };
};

/** Partner Desk's tool login, started by the demo tool (its /start adds this browser's state). */
const toPartnerDeskLogin = async (page: Page) => {
  await page.goto(
    `${setup.partnerUrl}/start?${new URLSearchParams({ callback: 'local', platform: 'personal', from: 'PARTNER_DESK_RQX' })}`,
  );
  await page.waitForURL(/\/psl\/tool\/login\?/);
  await page.getByRole('heading', { name: 'Log in to Partner Desk' }).waitFor();
};

describe('a tool that requires a second factor (hub tools update --second-factor required)', () => {
  beforeAll(() => {
    runHubCli(setup.hub.databaseUrl, ['tools', 'update', '302', '--second-factor', 'required']);
  });

  it('leads a person without one through setting up the app on the tool login, then into the tool', async () => {
    const email = emailOf('tool-enrol');
    const seeding = await setup.browser.newContext();
    await signUpByApi(seeding, setup.hub.url, setup.sink, 'psl', email);
    await seeding.close();
    runHubCli(setup.hub.databaseUrl, ['tools', 'add-member', '302', email]);

    const page = await openPage();
    await toPartnerDeskLogin(page);
    await accountAndPassword(page, email);
    await page.getByRole('heading', { name: secondFactorTexts.enrolTitle }).waitFor();
    const qr = page.getByRole('img', { name: secondFactorTexts.qrAlt });
    await qr.waitFor();
    expect(await qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    const secret = (await page.getByTestId('totp-secret').textContent()) ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(page.url()).toContain('/psl/tool/login');

    await typeCode(page, codeAt(secret, 0));
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: secondFactorTexts.recoveryCodesTitle }).waitFor();
    const codes = await page.getByTestId('recovery-codes').locator('li').allTextContents();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z0-9]{5}-[a-z0-9]{5}$/);
    // Shown once, before the browser leaves: the tool is reached only through the button.
    expect(page.url()).toContain('/psl/tool/login');
    await page.getByRole('button', { name: secondFactorTexts.savedCodes }).click();

    const landing = await toolLanding(page);
    expect(landing.path).toBe('/t/302/sso/account/auth');
    expect(landing.account).toBe(email);
    expect(landing.claims.amr).toEqual(expect.arrayContaining(['pwd', 'otp', 'mfa']));
    await page.context().close();
  });

  it('asks a person with an authenticator app for the code on the tool login, then lets them in', async () => {
    const email = emailOf('tool-verify');
    const secret = await accountWithApp(email);
    runHubCli(setup.hub.databaseUrl, ['tools', 'add-member', '302', email]);

    const page = await openPage();
    await toPartnerDeskLogin(page);
    await accountAndPassword(page, email);
    await secondStep(page, secret);

    const landing = await toolLanding(page);
    expect(landing.path).toBe('/t/302/sso/account/auth');
    expect(landing.account).toBe(email);
    expect(landing.claims.amr).toEqual(expect.arrayContaining(['pwd', 'otp', 'mfa']));
    await page.context().close();
  });
});

describe('an OpenID Connect client that asks for a second factor (acr_values)', () => {
  /** The client's "Sign in with a second factor": acr_values=urn:account-hub:acr:mfa, to the hub's screens. */
  const startMfaSignIn = async (page: Page) => {
    await page.goto(exampleUrl);
    await page.getByTestId('oidc-sign-in-mfa').click();
    await page.waitForURL((url) => url.origin === setup.hub.url && url.searchParams.has('oidc'));
  };

  /** The consent screen, then the example: the verified ID token proves two factors. */
  const allowAndExpectMfa = async (page: Page, email: string) => {
    await page.locator('[data-screen="oidc_consent"]').waitFor();
    await page.getByRole('button', { name: 'Allow' }).click();
    await page.waitForURL(`${exampleUrl}/`);
    const shown = await shownByExample(page);
    expect(shown.email).toBe(email);
    expect(shown.claims).toMatchObject({ iss: setup.hub.url, aud: clientId, acr: ACR_MULTI_FACTOR });
    expect(shown.claims.amr).toEqual(expect.arrayContaining(['pwd', 'otp', 'mfa']));
  };

  it('signs a person with an app in through the password and the second step; the ID token says mfa', async () => {
    const email = emailOf('oidc-verify');
    const secret = await accountWithApp(email);
    const page = await openPage();
    await startMfaSignIn(page);
    await accountAndPassword(page, email);
    await secondStep(page, secret);
    await allowAndExpectMfa(page, email);
    await page.context().close();
  });

  it('asks a browser signed in with one factor for the second step again', async () => {
    const email = emailOf('oidc-again');
    const page = await openPage();
    // Signed in by the sign-up (one factor: amr pwd), then the app is set up in the same session.
    await signUpByApi(page.context(), setup.hub.url, setup.sink, 'psl', email);
    await page.goto(`${setup.hub.url}/`);
    const secret = await enrolFromPage(page);

    await startMfaSignIn(page);
    // The provider's login prompt: the hub's login screen, not the session's silent sign-in.
    expect(new URL(page.url()).pathname).toBe('/psl/login');
    await accountAndPassword(page, email);
    await secondStep(page, secret);
    await allowAndExpectMfa(page, email);
    await page.context().close();
  });

  it('lets that browser Continue as its account, then asks only the second step (docs/sessions.md)', async () => {
    const email = emailOf('oidc-continue');
    const page = await openPage();
    await signUpByApi(page.context(), setup.hub.url, setup.sink, 'psl', email);
    await page.goto(`${setup.hub.url}/`);
    const secret = await enrolFromPage(page);

    await startMfaSignIn(page);
    // The screen shows for the second factor, not for a fresh sign-in: the session may answer it.
    await page.getByTestId('continue-as').waitFor();
    for (const width of [375, 800, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await shoot(page, `oidc-continue-as-${width}`);
    }
    await page.getByRole('button', { name: `Continue as ${email}` }).click();
    await secondStep(page, secret);
    await allowAndExpectMfa(page, email);

    // A client that demands a fresh sign-in (prompt=login) gets the password form, no Continue as.
    const fresh = new URLSearchParams({
      client_id: clientId,
      redirect_uri: `${exampleUrl}/callback`,
      response_type: 'code',
      scope: 'openid email',
      state: 'fresh-sign-in',
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
      prompt: 'login',
    });
    await page.goto(`${setup.hub.url}/oidc/auth?${fresh}`);
    await page.waitForURL((url) => url.origin === setup.hub.url && url.searchParams.has('oidc'));
    await page.getByLabel('Email, mobile number or username').waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.getByTestId('continue-as').count()).toBe(0);
    await page.context().close();
  });
});

describe('a burst of wrong codes on the second step', () => {
  it('checks no more than the free attempts; the rest wait, and the screen shows the wait', async () => {
    const email = emailOf('burst');
    const secret = await accountWithApp(email);
    const page = await openPage();
    await page.goto(`${setup.hub.url}/psl/login`);
    await page.getByLabel('Email, mobile number or username').fill(email);
    await page.keyboard.press('Enter');
    await page.getByLabel(field('Password')).fill(journeyPassword);
    const answered = page.waitForResponse((res) => res.url().endsWith(authEndpoints.loginPassword));
    await page.keyboard.press('Enter');
    const step = await (await answered).json();
    expect(step).toMatchObject({ next: 'second_factor', flowId: expect.any(String) });
    await page.getByText(secondFactorTexts.title).waitFor();

    // A six-digit code none of the accepted time steps (nor the ones beside them) has.
    const near = new Set([-60, -30, 0, 30, 60].map((offset) => codeAt(secret, offset)));
    const wrong = ['000000', '111111', '222222', '333333'].find((code) => !near.has(code)) ?? '';
    const answers = await page.evaluate(
      async ({ path, flowId, code }) =>
        Promise.all(
          Array.from({ length: 12 }, async () => {
            const res = await fetch(path, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({ flowId, method: 'totp', code }),
            });
            return { status: res.status, retryAfter: res.headers.get('retry-after'), json: await res.json() };
          }),
        ),
      { path: secondFactorEndpoints.verify, flowId: step.flowId as string, code: wrong },
    );
    const checked = answers.filter((answer) => answer.status === 401);
    const waiting = answers.filter((answer) => answer.status === 429);
    expect(checked).toHaveLength(5);
    expect(waiting).toHaveLength(7);
    for (const answer of checked) expect(answer.json.code).toBe('second_factor.code_incorrect');
    for (const answer of waiting) {
      expect(answer.json.code).toBe('rate_limited');
      expect(Number(answer.retryAfter)).toBeGreaterThanOrEqual(1);
      expect(Number(answer.retryAfter)).toBeLessThanOrEqual(30);
    }

    // The person's next try on the screen, even the right code, is told to wait.
    await typeCode(page, nextStepCode(secret));
    await page.keyboard.press('Enter');
    // The catalogue's words, with the seconds left to wait in place of {seconds}.
    const wait = new RegExp(
      errorMessage('rate_limited')
        .replace(/[.*+?^$()|[\]\\]/g, '\\$&')
        .replace('{seconds}', '(\\d+)'),
    );
    const shown = page.getByText(wait).first();
    await shown.waitFor();
    const seconds = Number(wait.exec((await shown.textContent()) ?? '')?.[1]);
    expect(seconds).toBeGreaterThanOrEqual(1);
    expect(seconds).toBeLessThanOrEqual(30);
    expect(page.url()).toContain('/psl/login');
    await page.context().close();
  });
});
