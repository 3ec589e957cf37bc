import { en } from '@hub/core';
import { enAccount, filAccount } from '@hub/core/i18n/account';
import { fil } from '@hub/core/i18n/fil';
import { generateSync } from 'otplib';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { field, journeyPassword } from './support/auth.js';
import { addVirtualAuthenticator } from './support/authenticator.js';
import { personOnTwoDevices } from './support/devices.js';
import { expectNoEnglish, layoutProblems } from './support/i18n-check.js';
import { waitForScreen } from './support/pages.js';
import { useHubBrowserAndMail } from './support/setup.js';
import { shotsIn } from './support/shots.js';

/**
 * Issue #18, the account center: with the browser in Filipino (fil-PH) every page, form and step of
 * it reads in Filipino (devices, dates and "how long ago" included), the notices it mails are in
 * Filipino, and nothing is wider than the window at 320–1280 px; the same person's other browser,
 * in English, still reads the English texts. With SHOTS_DIR set, screenshots go to its i18n-account/.
 */
const setup = useHubBrowserAndMail();
const email = 'gabriela.silang@example.ph';
const shoot = shotsIn('i18n-account');
const t = { ...fil.common, ...filAccount };

const pages = [
  ['/account', 'account'],
  ['/account/security', 'account_security'],
  ['/account/sessions', 'account_sessions'],
  ['/account/access', 'account_access'],
  ['/account/data', 'account_data'],
] as const;
type AccountPage = (typeof pages)[number][1];

/** Waits until the page's own data is shown (its lists read, no spinner left). */
const loaded = async (page: Page, id: AccountPage) => {
  await waitForScreen(page, id);
  await page.getByTestId('account-who').waitFor();
  if (id === 'account') await page.getByTestId('profile-name').waitFor();
  if (id === 'account_security') await page.getByTestId('two-step-status').waitFor();
  if (id === 'account_sessions') {
    await page.getByTestId('session').nth(1).waitFor();
    await page.getByTestId('sign-in').first().waitFor();
  }
  if (id === 'account_access') await page.getByTestId('tool-list').waitFor();
  if (id === 'account_data') await page.locator('[aria-labelledby="delete-heading"] ul').waitFor();
  // The spinners (a labelled status each) are gone: the passkeys and the two-step status are read.
  await expect.poll(() => page.locator('[role="status"][aria-label]').count()).toBe(0);
};

/** Nothing wider than the window at 320–1280 px, no control clipped; screenshots at 375, 800 and 1280. */
const checkWidths = async (page: Page, name: string) => {
  for (const width of [320, 375, 800, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    const wide = await page.evaluate(() =>
      Array.from(document.querySelectorAll<HTMLElement>('body *'))
        .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 0.5)
        .slice(-6)
        .map(
          (el) =>
            `${el.tagName}.${el.className} “${el.textContent?.trim().slice(0, 60)}” ${el.getBoundingClientRect().right}`,
        ),
    );
    expect(await layoutProblems(page), `${name} at ${width} px: ${wide.join('\n')}`).toEqual({
      page: 0,
      clipped: [],
    });
    if (width !== 320) await shoot(page, `${name}-${width}`);
  }
  await page.setViewportSize({ width: 375, height: 900 });
};

const banner = (page: Page, text: string) => page.locator('[data-banner]').getByText(text, { exact: true });

describe('the account center in Filipino (fil-PH)', () => {
  let phone: BrowserContext;
  let laptop: BrowserContext;
  let page: Page;
  const errors: Error[] = [];

  beforeAll(async () => {
    // A phone in Filipino that signed up, and a laptop in English with a failed attempt and a session.
    ({ phone, laptop } = await personOnTwoDevices(setup, email, { phone: 'fil-PH', laptop: 'en-US' }));
    page = await phone.newPage();
    page.on('pageerror', (error) => errors.push(error));
    // A platform authenticator (Chromium's virtual one), so the page can add a passkey.
    await addVirtualAuthenticator(page);
  });
  afterAll(async () => {
    expect(errors).toEqual([]);
    await phone?.close();
    await laptop?.close();
  });

  it('shows every page in Filipino, with no English word, and nothing too wide at 320–1280 px', async () => {
    for (const [path, id] of pages) {
      await page.goto(`${setup.hub.url}${path}`);
      await loaded(page, id);
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('fil');
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(t['account.title']);
      expect(await page.getByRole('heading', { level: 2 }).first().textContent()).toBe(
        t[`account.section.${id}`],
      );
      expect(await page.title()).toBe(`${t[`account.section.${id}`]} · Account Hub`);
      await expectNoEnglish(page, path);
      await checkWidths(page, id);
    }
  });

  it('names the devices, the sign-in methods and the times in Filipino', async () => {
    await page.goto(`${setup.hub.url}/account/sessions`);
    await loaded(page, 'account_sessions');
    const current = page.locator('[data-testid="session"][data-current]');
    expect(await current.textContent()).toContain('Chrome sa Android');
    expect(await current.textContent()).toContain(t['account.sessions.thisDevice']);
    expect(await current.textContent()).toContain(t['account.ago.now']);
    expect(await current.textContent()).toMatch(/Nag-sign in noong .+ nang mag-sign up sa Personal/);
    const other = page.getByTestId('session').filter({ hasText: 'Firefox sa Windows' });
    expect(await other.textContent()).toMatch(/Nag-sign in noong .+ gamit ang password sa Personal/);
    expect(await other.getByRole('button').getAttribute('aria-label')).toBe(
      'I-sign out ang Firefox sa Windows',
    );
    const history = page.getByTestId('sign-in');
    expect(await history.count()).toBe(3);
    expect(await history.nth(0).textContent()).toMatch(/Nag-sign in gamit ang password.*Firefox sa Windows/);
    expect(await history.nth(1).textContent()).toMatch(/Hindi natuloy: Maling password.*Firefox sa Windows/);
    expect(await history.nth(2).textContent()).toMatch(/Nagawa ang account.*Chrome sa Android/);

    await page.goto(`${setup.hub.url}/account/access`);
    await loaded(page, 'account_access');
    const tools = page.getByTestId('tool');
    expect(await tools.count()).toBe(2);
    expect(await tools.filter({ hasText: 'Partner Desk' }).textContent()).toContain(
      t['account.access.operatorDecides'],
    );
    expect(await page.getByRole('link', { name: 'Gamitin ang account mo sa Business' }).count()).toBe(1);
  });

  it('edits the name in Filipino', async () => {
    await page.goto(`${setup.hub.url}/account`);
    await loaded(page, 'account');
    expect(await page.getByText(t['account.type.0'], { exact: true }).isVisible()).toBe(true);
    await page.getByRole('button', { name: t['account.profile.addName'] }).click();
    await page.getByRole('button', { name: t['account.save'] }).click();
    await page.getByText(fil.errors['name.required']).first().waitFor();
    await expectNoEnglish(page, 'name form');
    await checkWidths(page, 'account-name-form');
    await page.getByLabel(field(t['account.name.first'])).fill('Gabriela');
    await page.getByLabel(field(t['account.name.last'])).fill('Silang');
    await page.getByRole('button', { name: t['account.save'] }).click();
    await page.getByRole('status').filter({ hasText: t['account.profile.saved'] }).waitFor();
    expect(await page.getByTestId('profile-name').textContent()).toBe('Gabriela Silang');
  });

  it('opens the password and email forms and sets up two-step sign-in in Filipino', async () => {
    await page.goto(`${setup.hub.url}/account/security`);
    await loaded(page, 'account_security');
    const password = page.locator('[data-panel="password"]');
    await password.getByRole('button', { name: t['account.password.change'] }).click();
    await password.getByLabel(field(t['password.new'])).fill('mahina');
    await expectNoEnglish(page, 'password form');
    await checkWidths(page, 'account_security-password');
    await password.getByRole('button', { name: t['account.cancel'] }).click();

    const emailPanel = page.locator('[data-panel="email"]');
    await emailPanel.getByRole('button', { name: t['account.email.change'] }).click();
    await emailPanel.getByRole('button', { name: t['account.email.sendCode'] }).click();
    await emailPanel.getByText(fil.errors['email.required']).waitFor();
    await expectNoEnglish(page, 'email form');
    await emailPanel.getByRole('button', { name: t['account.cancel'] }).click();

    const twoStep = page.locator('[data-panel="two-step"]');
    await twoStep.getByRole('button', { name: t['account.twoStep.setUp'] }).click();
    const secretText = twoStep.getByTestId('totp-secret');
    await secretText.waitFor();
    await expectNoEnglish(page, 'two-step set-up');
    await checkWidths(page, 'account_security-two-step-setup');
    const secret = (await secretText.textContent())?.replace(/\s/g, '') ?? '';
    await page.getByLabel('Digit 1 sa 6').click();
    await page.keyboard.type(generateSync({ secret }));
    await page.keyboard.press('Enter');
    await banner(page, t['account.twoStep.turnedOn']).waitFor();
    await twoStep.getByTestId('recovery-codes').waitFor();
    await expectNoEnglish(page, 'recovery codes');
    await checkWidths(page, 'account_security-recovery-codes');
    await twoStep.getByRole('button', { name: t['account.twoStep.saved'] }).click();
    await twoStep.getByText('10 sa 10 ang natitira').waitFor();
    expect(await twoStep.getByTestId('two-step-status').textContent()).toMatch(
      /Naka-on mula \w{3} \d{1,2}, \d{4}/,
    );
    await twoStep.getByRole('button', { name: t['account.twoStep.turnOff'] }).click();
    await twoStep.getByRole('heading', { name: t['account.twoStep.turnOffTitle'] }).waitFor();
    await expectNoEnglish(page, 'two-step off');
    await checkWidths(page, 'account_security-two-step-off');
    await twoStep.getByRole('button', { name: t['account.cancel'] }).click();
    await twoStep.getByRole('button', { name: t['account.twoStep.newCodes'] }).click();
    await twoStep.getByRole('heading', { name: t['account.twoStep.newCodesTitle'] }).waitFor();
    await expectNoEnglish(page, 'new recovery codes');
    await twoStep.getByRole('button', { name: t['account.cancel'] }).click();

    const passkeys = page.getByTestId('passkeys-section');
    await passkeys.getByRole('button', { name: t['account.passkeys.add'] }).click();
    await passkeys.getByText(t['account.passkeys.nameMissing']).waitFor();
    await expectNoEnglish(page, 'passkeys');
    await passkeys.getByLabel(t['account.passkeys.name']).fill('Telepono ko');
    await passkeys.getByRole('button', { name: t['account.passkeys.add'] }).click();
    await passkeys.getByText(t['account.passkeys.added'].replace('{name}', 'Telepono ko')).waitFor();
    const item = passkeys.getByTestId('passkey-item');
    await item.getByText(t['account.passkeys.notUsed'], { exact: false }).waitFor();
    expect(await item.textContent()).toMatch(/Idinagdag noong \w{3} \d{1,2}, \d{4}/);
    await expectNoEnglish(page, 'a passkey');
    await checkWidths(page, 'account_security-passkey');
    await item.getByRole('button', { name: t['account.passkeys.rename'] }).click();
    await expectNoEnglish(page, 'renaming a passkey');
    await checkWidths(page, 'account_security-passkey-rename');
    await item.getByRole('button', { name: t['account.cancel'] }).click();
    await item.getByRole('button', { name: t['account.passkeys.remove'], exact: true }).click();
    await item.getByText(t['account.passkeys.removeConfirm'].replace('{name}', 'Telepono ko')).waitFor();
    await expectNoEnglish(page, 'removing a passkey');
    await checkWidths(page, 'account_security-passkey-remove');
    await item.getByRole('button', { name: t['account.cancel'] }).click();
  });

  it('asks before removing a tool’s access, in Filipino', async () => {
    await page.goto(`${setup.hub.url}/account/access`);
    await loaded(page, 'account_access');
    await page.getByRole('button', { name: 'Alisin ang access ng Chat' }).click();
    await page.getByText(t['account.access.toolConfirm'].replace('{name}', 'Chat')).waitFor();
    await expectNoEnglish(page, 'remove access');
    await checkWidths(page, 'account_access-confirm');
    await page.getByRole('button', { name: t['account.cancel'] }).click();
  });

  it('still shows the English texts to the English browser of the same person', async () => {
    const english = await laptop.newPage();
    const texts = { ...en.common, ...enAccount };
    english.on('pageerror', (error) => errors.push(error));
    for (const [path, id] of pages) {
      await english.goto(`${setup.hub.url}${path}`);
      await loaded(english, id);
      expect(await english.evaluate(() => document.documentElement.lang)).toBe('en');
      expect(await english.getByRole('heading', { level: 1 }).textContent()).toBe('Your account');
      expect(await english.getByRole('heading', { level: 2 }).first().textContent()).toBe(
        {
          account: 'Profile',
          account_security: 'Sign-in & security',
          account_sessions: 'Devices',
          account_access: 'Platforms & tools',
          account_data: 'Your data',
        }[id],
      );
      for (const width of [320, 1280]) {
        await english.setViewportSize({ width, height: 900 });
        expect(await layoutProblems(english), `${path} in English at ${width} px`).toEqual({
          page: 0,
          clipped: [],
        });
      }
    }
    // The last page is Your data: its words as they were.
    const data = (await english.locator('main').textContent()) ?? '';
    expect(data).toContain('Your account is deleted seven days after you ask.');
    expect(data).toContain('What we keep:');
    expect(data).toContain('We answer every request within 21 days.');
    await english.goto(`${setup.hub.url}/account/sessions`);
    await loaded(english, 'account_sessions');
    const current = english.locator('[data-testid="session"][data-current]');
    expect(await current.textContent()).toContain('Firefox on Windows');
    expect(await current.textContent()).toContain('This device');
    expect(await current.textContent()).toContain('Active now');
    expect(
      await english.getByTestId('session').filter({ hasText: 'Chrome on Android' }).textContent(),
    ).toMatch(/Last used|Active now/);
    expect(await english.getByTestId('sign-in').first().textContent()).toMatch(
      /^.+Signed in with a password/,
    );
    await english.goto(`${setup.hub.url}/account/security`);
    await loaded(english, 'account_security');
    const twoStep = english.locator('[data-panel="two-step"]');
    expect(await twoStep.textContent()).toContain('Two-step sign-in');
    expect(await twoStep.getByTestId('two-step-status').textContent()).toMatch(/On since .+10 of 10 left/);
    expect(await english.getByRole('button', { name: texts['account.password.change'] }).count()).toBe(1);
  });

  it('schedules the deletion with a notice mailed in Filipino, then keeps the account', async () => {
    await page.goto(`${setup.hub.url}/account/data`);
    await loaded(page, 'account_data');
    expect(
      await page.getByText(/^Buburahin ang account mo pitong araw pagkatapos mong hilingin\./).count(),
    ).toBe(1);
    await page.getByRole('button', { name: t['account.delete.button'] }).click();
    await page.getByTestId('delete-confirm').waitFor();
    await expectNoEnglish(page, 'delete confirm');
    await checkWidths(page, 'account_data-confirm');
    const before = setup.sink.messages.length;
    await page.getByLabel(field(t['password.label'])).fill(journeyPassword);
    await page
      .getByTestId('delete-confirm')
      .getByRole('button', { name: t['account.delete.button'] })
      .click();
    const pending = page.getByTestId('deletion-pending');
    await pending.waitFor();
    expect(await pending.getByRole('heading').textContent()).toMatch(
      /^Buburahin ang account mo sa \w{3} \d{1,2}, \d{4}/,
    );
    await expectNoEnglish(page, 'deletion pending');
    await checkWidths(page, 'account_data-pending');
    const mail = await setup.sink.waitFor(email, { after: before, timeoutMs: 15_000 });
    expect(mail.subject).toBe('Buburahin na ang iyong Account Hub account');
    expect(mail.text).toMatch(/Buburahin ito sa \w+, \w+ \d{1,2}, \d{4} nang .+ UTC, kasama/);
    expect(mail.html).toContain('<html lang="fil">');
    await page.getByRole('button', { name: t['account.data.keep'] }).click();
    await page.getByRole('status').filter({ hasText: t['account.data.kept'] }).waitFor();
  });

  it('changes the password with the notice mailed in Filipino', async () => {
    await page.goto(`${setup.hub.url}/account/security`);
    await loaded(page, 'account_security');
    const password = page.locator('[data-panel="password"]');
    await password.getByRole('button', { name: t['account.password.change'] }).click();
    await password.getByLabel(field(t['account.currentPassword'])).fill(journeyPassword);
    await password.getByLabel(field(t['password.new'])).fill('Bagong-Password-Hub-2026!');
    const before = setup.sink.messages.length;
    await password.getByRole('button', { name: t['account.password.change'] }).click();
    await banner(page, t['notice.passwordUpdated']).waitFor();
    const mail = await setup.sink.waitFor(email, { after: before, timeoutMs: 15_000 });
    expect(mail.subject).toBe('Napalitan ang iyong password sa Account Hub');
    expect(mail.text).not.toMatch(/\b(Your|was changed|If this was you)\b/);
    expect(await password.textContent()).toMatch(/Huling pinalitan noong \w{3} \d{1,2}, \d{4}\./);
    await expectNoEnglish(page, 'password changed');
  });
});
