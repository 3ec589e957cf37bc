import { createHash, randomBytes } from 'node:crypto';
import { platformProductNames } from '@hub/core';
import { fil } from '@hub/core/i18n/fil';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { field, journeyPassword } from './support/auth.js';
import { runHubCli } from './support/demo-tool.js';
import { expectFitsEveryWidth, expectNoEnglish } from './support/i18n-check.js';
import { waitForScreen } from './support/pages.js';
import { useHubBrowserAndMail } from './support/setup.js';
import { shotsIn } from './support/shots.js';
import { invitationIn, logInByApi, signUpByApi, switchingSainfo } from './support/switching.js';

/**
 * Issue #18, second pass, in Chromium with a Filipino browser (locale fil-PH: its Accept-Language
 * and navigator.languages): the OpenID Connect consent screen, the switching screens (option1,
 * option2, option3 and its finalize), the work-account verification screen and a legal page read
 * in Filipino with no English UI word left, and nothing overflows or is clipped at 320–1280 px.
 * With SHOTS_DIR set, screenshots at 375, 800 and 1280 px go to its i18n-flows/. The same screens in English are
 * e2e/oidc-consent.test.ts, e2e/switching.test.ts and e2e/legal.test.ts.
 */
const setup = useHubBrowserAndMail();
const shoot = shotsIn('i18n-flows');
const t = fil.common;

const contexts: BrowserContext[] = [];
afterAll(async () => {
  for (const context of contexts) await context.close();
});

/** A Filipino browser of its own (its own cookies and session). */
const filipinoBrowser = async (width = 375) => {
  const context = await setup.browser.newContext({ locale: 'fil-PH', viewport: { width, height: 800 } });
  contexts.push(context);
  return context;
};

/** A page that records its script errors; the test asserts there are none. */
const newPage = async (context: BrowserContext) => {
  const page = await context.newPage();
  const errors: Error[] = [];
  page.on('pageerror', (error) => errors.push(error));
  return { page, errors };
};

const lang = (page: Page) => page.evaluate(() => document.documentElement.lang);

const heading = (page: Page) => page.getByRole('heading', { level: 1 }).first().textContent();

describe('the OpenID Connect consent screen in Filipino', () => {
  const REDIRECT = 'http://localhost:9/callback';

  const thirdPartyClient = (name: string) => {
    const out = runHubCli(setup.hub.databaseUrl, [
      ...['clients', 'add', '--name', name, '--redirect-uri', REDIRECT, '--public'],
    ]);
    const clientId = /client_id: (hub_[A-Za-z0-9_-]+)/.exec(out)?.[1];
    if (!clientId) throw new Error(`no client_id in: ${out}`);
    return clientId;
  };

  it('names the client and what it receives in Filipino, says "Naglo-load" while it loads, and answers', async () => {
    const context = await filipinoBrowser();
    await signUpByApi(context, setup.hub.url, setup.sink, 'psl', 'pahintulot@example.ph');
    const clientId = thirdPartyClient('Partner Reviews');
    const { page, errors } = await newPage(context);
    // The details wait until the spinner has been seen, so its label can be read.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/oidc/consent/**', async (route) => {
      if (route.request().method() === 'GET') await held;
      await route.continue();
    });
    const arrived = new Promise<URL>((resolve) => {
      void page.route(`${REDIRECT}**`, async (route) => {
        resolve(new URL(route.request().url()));
        await route.fulfill({ body: 'back at the client', contentType: 'text/plain' });
      });
    });
    const url = new URL(`${setup.hub.url}/oidc/auth`);
    for (const [name, value] of Object.entries({
      client_id: clientId,
      response_type: 'code',
      redirect_uri: REDIRECT,
      scope: 'openid email hub',
      state: randomBytes(16).toString('base64url'),
      code_challenge: createHash('sha256').update(randomBytes(32).toString('base64url')).digest('base64url'),
      code_challenge_method: 'S256',
    }))
      url.searchParams.set(name, value);
    await page.goto(url.href);
    await waitForScreen(page, 'oidc_consent');
    expect(await page.getByRole('status', { name: t.loading }).count()).toBe(1);
    release();

    await page.getByTestId('oidc-client-name').getByText('Partner Reviews').waitFor();
    expect(await lang(page)).toBe('fil');
    expect(await heading(page)).toBe(t['consent.title']);
    const items = await page.getByTestId('oidc-consent-items').locator('li').allTextContents();
    expect(items).toEqual([
      t['consent.item.identifier'],
      t['consent.item.email'],
      t['consent.item.platforms'],
      t['consent.item.account_type'],
    ]);
    await expectNoEnglish(page, 'consent');
    await expectFitsEveryWidth(page, 'consent', shoot);

    await page.getByRole('button', { name: t['consent.allow'] }).click();
    expect((await arrived).searchParams.get('code')).toBeTruthy();
    expect(errors).toEqual([]);
  });
});

describe('the switching screens in Filipino', () => {
  const personal = 'juana.luna@example.ph';

  it('option1: only from the login without sainfo; with it, links a Personal account to Business', async () => {
    const context = await filipinoBrowser();
    await signUpByApi(context, setup.hub.url, setup.sink, 'psl', personal);
    await context.clearCookies();
    const { page, errors } = await newPage(context);

    await page.goto(`${setup.hub.url}/biz/switching/option1`);
    await page.getByTestId('switching-not-allowed').waitFor();
    expect(await page.getByTestId('switching-not-allowed').textContent()).toContain(
      'Nagsisimula ang pag-link sa login ng Business.',
    );
    await expectNoEnglish(page, 'option1 without sainfo');
    await expectFitsEveryWidth(page, 'option1-not-allowed');

    await page.goto(
      `${setup.hub.url}/biz/switching/option1?${new URLSearchParams({ sainfo: switchingSainfo(personal) })}`,
    );
    await page.getByRole('heading', { name: 'I-link ang iyong account sa Business' }).waitFor();
    expect(await page.getByLabel(t['switching.account']).inputValue()).toBe(personal);
    await expectNoEnglish(page, 'option1 account step');
    await expectFitsEveryWidth(page, 'option1', shoot);

    await page.getByLabel(t['switching.account']).press('Enter');
    await page.getByTestId('account-display').filter({ hasText: personal }).waitFor();
    await page.getByRole('button', { name: t['switching.linkAccount'] }).waitFor();
    await expectNoEnglish(page, 'option1 password step');
    await expectFitsEveryWidth(page, 'option1-password', shoot);

    await page.getByLabel(field('Password')).fill(journeyPassword);
    await page.keyboard.press('Enter');
    await page.getByRole('status').filter({ hasText: t['notice.accountLinked'] }).waitFor();
    await page.waitForURL(/\/demo\/biz\/sso\/account\/auth\?ainfo=/);
    expect(errors).toEqual([]);
  });

  it('option2: asks to log in without a session, then asks for the parent account', async () => {
    const context = await filipinoBrowser(800);
    const { page, errors } = await newPage(context);
    await page.goto(`${setup.hub.url}/biz/switching/option2`);
    await page.getByText(fil.errors['session.required']).waitFor();
    expect(await heading(page)).toBe(t['switching2.title']);
    expect(await page.getByRole('link', { name: t.logIn }).getAttribute('href')).toBe('/biz/login');
    await expectNoEnglish(page, 'option2 signed out');
    await expectFitsEveryWidth(page, 'option2-signed-out');

    await signUpByApi(context, setup.hub.url, setup.sink, 'biz', 'tindahan.ni.aling.nena@example.ph');
    await page.reload();
    await page.getByTestId('signed-in-account').waitFor();
    expect(await page.getByTestId('signed-in-account').locator('..').textContent()).toBe(
      'Naka-sign in bilang tindahan.ni.aling.nena@example.ph',
    );
    await page.getByRole('textbox', { name: t['switching2.account'] }).waitFor();
    await expectNoEnglish(page, 'option2');
    await expectFitsEveryWidth(page, 'option2', shoot);
    expect(errors).toEqual([]);
  });

  it('option3 and its finalize: the default platform chosen and confirmed in Filipino', async () => {
    // The Personal account linked to Business above: two platforms to choose from.
    const context = await filipinoBrowser(1280);
    const { page, errors } = await newPage(context);
    await logInByApi(context, setup.hub.url, 'psl', personal);

    await page.goto(`${setup.hub.url}/psl/switching/option3`);
    const personalChoice = page.getByRole('radio', { name: /Personal/ });
    await personalChoice.waitFor();
    expect(await heading(page)).toBe(t['switching3.title']);
    expect(await page.locator('label', { hasText: t['switching3.current'] }).textContent()).toContain(
      'Personal',
    );
    expect(await page.locator('label', { hasText: 'Business' }).textContent()).toMatch(/Na-link noong /);
    await page.getByRole('button', { name: t['switching3.continue'] }).click();
    await page.getByText('Ang Personal na ang iyong default na platform.').waitFor();
    await expectNoEnglish(page, 'option3');
    await expectFitsEveryWidth(page, 'option3', shoot);

    await page.getByRole('radio', { name: /Business/ }).check();
    await page.getByRole('button', { name: t['switching3.continue'] }).click();
    await page.waitForURL(/\/biz\/switching\/option3\/finalize\?flow=/);
    await waitForScreen(page, 'switching_option3_finalize');
    expect(await page.getByTestId('default-platform-choice').textContent()).toBe(
      `Gawing default na platform ang ${platformProductNames.biz} sa halip na ${platformProductNames.psl}. Ilagay ang iyong password para kumpirmahin.`,
    );
    await expectNoEnglish(page, 'option3 finalize');
    await expectFitsEveryWidth(page, 'option3-finalize', shoot);
    await page.getByLabel(field('Password')).fill(journeyPassword);
    await page.getByRole('button', { name: t['switching3f.confirm'] }).click();
    await page.waitForURL(/\/demo\/biz\/sso\/account\/auth\?ainfo=/);
    expect(errors).toEqual([]);
  });
});

describe('the work-account verification screen in Filipino', () => {
  it('says what is wrong with a link, then verifies the invited account and sets its password', async () => {
    const { page, errors } = await newPage(await filipinoBrowser());
    await page.goto(`${setup.hub.url}/biz/comp/account/verification`);
    await page.getByText(t['workAccount.incomplete']).waitFor();
    expect(await page.getByRole('link', { name: t.goToLogin }).getAttribute('href')).toBe('/biz/login');
    await expectNoEnglish(page, 'verification without invite');
    await expectFitsEveryWidth(page, 'verification-incomplete');
    await page.goto(`${setup.hub.url}/biz/comp/account/verification?invite=wala-nang-ganito`);
    await page.getByText(t['workAccount.invalid']).waitFor();
    await expectNoEnglish(page, 'verification with an unknown invite');

    // A business owner (a Filipino browser too) invites a work account.
    const owner = 'may-ari.ng.negosyo@example.ph';
    const worker = 'kawani@example.ph';
    const ownerContext = await filipinoBrowser();
    await signUpByApi(ownerContext, setup.hub.url, setup.sink, 'biz', owner);
    const before = setup.sink.messages.length;
    const invited = await ownerContext.request.post(`${setup.hub.url}/api/work-accounts/invite`, {
      data: { email: worker },
      headers: { Origin: setup.hub.url },
    });
    expect(invited.status()).toBe(200);
    const { link, code } = invitationIn(
      await setup.sink.waitFor(worker, { after: before, timeoutMs: 15_000 }),
    );

    await page.goto(link);
    await page.getByTestId('invitation-line').waitFor();
    expect(await heading(page)).toBe(t['workAccount.title']);
    expect(await page.getByTestId('invitation-line').textContent()).toBe(
      `Inimbitahan ni ${owner} si ${worker} sa Business`,
    );
    await page.getByText(t['workAccount.enterCode']).waitFor();
    await expectNoEnglish(page, 'verification code step');
    await expectFitsEveryWidth(page, 'verification', shoot);

    await page.getByLabel('Digit 1 sa 6').click();
    await page.keyboard.type(code);
    await page.getByRole('heading', { name: t.setUpPassword }).waitFor();
    await page.getByText(t['workAccount.passwordDescription']).waitFor();
    await expectNoEnglish(page, 'verification password step');
    await expectFitsEveryWidth(page, 'verification-password', shoot);
    await page.getByLabel(field(t['password.label'])).fill(journeyPassword);
    await page.getByLabel(field(t['password.reenter'])).fill(journeyPassword);
    await page.getByRole('button', { name: t.submit }).click();
    await page.getByText(t['notice.accountRegistered']).first().waitFor();
    await page.waitForURL(/\/demo\/biz\/sso\/account\/auth\?ainfo=/);

    await page.goto(link);
    await page.getByText(t['notice.alreadyRegistered']).waitFor();
    await expectNoEnglish(page, 'verification of a used link');
    expect(errors).toEqual([]);
  });
});

describe('the legal pages in Filipino', () => {
  it('fit every width, the note that the English version governs included', async () => {
    const { page, errors } = await newPage(await filipinoBrowser());
    for (const [path, name, title] of [
      ['/termsandconditions', 'terms', t.termsPage],
      ['/privacy-policy', 'privacy', t.privacyPage],
      ['/cookiepolicy', 'cookies', t.cookiePage],
    ] as const) {
      await page.goto(`${setup.hub.url}${path}`);
      await page.getByRole('heading', { level: 1, name: title }).waitFor();
      expect(await page.getByTestId('legal-governs').textContent()).toBe(t['legal.governs']);
      await expectNoEnglish(page, path);
      await expectFitsEveryWidth(page, name, name === 'privacy' ? shoot : undefined);
    }
    expect(errors).toEqual([]);
  });
});
