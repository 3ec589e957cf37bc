import { secondFactorTexts } from '@hub/core';
import { generateSync } from 'otplib';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { field, journeyPassword, logInToPasswordStep, signUp, typeCode } from './support/auth.js';
import { widths } from './support/browser.js';
import { axeViolations } from './support/page-checks.js';
import { useHubBrowserAndMail } from './support/setup.js';
import { shotsIn } from './support/shots.js';

/**
 * Two-step sign-in in the account center, as a person uses it in Chromium against the built hub:
 * set up an authenticator app (the code computed from the key shown as text, as an app would),
 * keep the recovery codes shown once, sign in with the app and then with a recovery code (once),
 * make new recovery codes, and turn the app off with the password.
 */
const setup = useHubBrowserAndMail();
const email = 'melchora.aquino@example.ph';
const shoot = shotsIn('account-two-step');

const panel = (page: Page) => page.locator('[data-panel="two-step"]');
const banner = (page: Page, text: string) => page.locator('[data-banner]').getByText(text, { exact: true });

/** axe on the panel: no violation at all (so none serious). */
const expectNoAxeViolations = async (page: Page) => {
  expect(await axeViolations(page, { within: '[data-panel="two-step"]' })).toEqual([]);
};

/** The panel at each width: nothing sticking out sideways, and a screenshot. Back to 1280 after. */
const shotsAtEveryWidth = async (page: Page, name: string) => {
  for (const width of widths) {
    await page.setViewportSize({ width, height: 900 });
    // The panel cut out of the whole page (an element shot scrolls it under the sticky header).
    // Scrolled to the top first, so the fixed header and banner stay where they are drawn: above it.
    await page.evaluate(() => window.scrollTo(0, 0));
    const box = await panel(page).boundingBox();
    if (!box) throw new Error('the two-step panel is not on the page');
    await shoot(page, `${name}-${width}`, { clip: { x: 0, y: box.y - 8, width, height: box.height + 16 } });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
};

/** The authenticator app's code for the time step `ahead` steps from now (inside the ±1 window). */
const appCode = (secret: string, ahead = 0) =>
  generateSync({ secret, epoch: Math.floor(Date.now() / 1000) + 30 * ahead });

/** Signs out (the browser forgets its cookies), then the password: the second step must be asked. */
const passwordThenSecondStep = async (page: Page) => {
  await page.context().clearCookies();
  await logInToPasswordStep(page, setup.hub.url, 'psl', email);
  await page.getByLabel(field('Password')).fill(journeyPassword);
  await page.keyboard.press('Enter');
  await page.getByText(secondFactorTexts.title).waitFor();
};

const signedInAtTool = (page: Page) => page.waitForURL(/\/demo\/psl\/sso\/account\/auth\?ainfo=/);

describe('two-step sign-in in the account center, in Chromium', () => {
  it('sets up the app, signs in with it and with a recovery code once, makes new codes and turns it off', async () => {
    const context = await setup.browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: setup.hub.url });
    const page = await context.newPage();
    await signUp(page, setup.hub.url, setup.sink, 'psl', email);

    // Off: the status and the way to set it up.
    await page.goto(`${setup.hub.url}/account/security`);
    const status = panel(page).getByTestId('two-step-status');
    await status.getByText('Off').waitFor();
    await expect(status.textContent()).resolves.toContain('Passkeys:None');
    await expectNoAxeViolations(page);
    await shotsAtEveryWidth(page, 'off');

    // Setting up, by keyboard: the QR code, the key as text (copied), the first code from the app.
    await panel(page).getByRole('button', { name: 'Set up an authenticator app' }).press('Enter');
    const secretText = panel(page).getByTestId('totp-secret');
    await secretText.waitFor();
    // The key as shown (in groups of four); an app ignores the spaces, so does the test.
    const secret = (await secretText.textContent())?.replace(/\s/g, '') ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    await expect(panel(page).getByRole('img', { name: secondFactorTexts.qrAlt }).isVisible()).resolves.toBe(
      true,
    );
    // By keyboard from the step's heading: the copy button, then the first code box.
    await page.getByRole('heading', { name: secondFactorTexts.enrolTitle }).waitFor();
    await expect(page.evaluate(() => document.activeElement?.tagName)).resolves.toBe('H4');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).resolves.toBe(
      'Digit 1 of 6',
    );
    await panel(page).getByRole('button', { name: 'Copy key' }).click();
    await panel(page).getByText('Copied.').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await expectNoAxeViolations(page);
    await shotsAtEveryWidth(page, 'setting-up');
    // A wrong code is refused under the boxes; the right one turns the app on.
    await typeCode(page, appCode(secret) === '000000' ? '111111' : '000000');
    await page.keyboard.press('Enter');
    await panel(page).getByRole('alert').waitFor();
    await typeCode(page, appCode(secret));
    await page.keyboard.press('Enter');

    // The ten recovery codes, shown once.
    await banner(
      page,
      'Two-step sign-in is on. We’ll ask for a code from your app when you sign in.',
    ).waitFor();
    const codesList = panel(page).getByTestId('recovery-codes');
    await codesList.waitFor();
    const codes = (await codesList.locator('li').allTextContents()).map((code) => code.trim());
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    await panel(page).getByRole('button', { name: 'Copy', exact: true }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(codes.join('\n'));
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      panel(page).getByRole('button', { name: 'Download' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('account-hub-recovery-codes.txt');
    await expectNoAxeViolations(page);
    await shotsAtEveryWidth(page, 'codes-shown');
    await panel(page).getByRole('button', { name: 'I’ve saved them' }).press('Enter');
    await codesList.waitFor({ state: 'detached' });
    await status.getByText(/^On since /).waitFor();
    await status.getByText('10 of 10 left').waitFor();

    // Signed out, the password alone is not enough: the app's next code signs in.
    await passwordThenSecondStep(page);
    await typeCode(page, appCode(secret, 1));
    await page.keyboard.press('Enter');
    await signedInAtTool(page);

    // A recovery code from the panel signs in once, and only once.
    await passwordThenSecondStep(page);
    await page.getByRole('button', { name: secondFactorTexts.useRecovery }).click();
    await page.getByLabel(secondFactorTexts.recoveryLabel).fill(codes[0]!);
    await page.keyboard.press('Enter');
    await signedInAtTool(page);
    await passwordThenSecondStep(page);
    await page.getByRole('button', { name: secondFactorTexts.useRecovery }).click();
    await page.getByLabel(secondFactorTexts.recoveryLabel).fill(codes[0]!);
    await page.keyboard.press('Enter');
    await page.getByText('That recovery code didn’t work. Each recovery code works only once.').waitFor();
    await page.getByLabel(secondFactorTexts.recoveryLabel).fill(codes[1]!);
    await page.keyboard.press('Enter');
    await signedInAtTool(page);

    // New recovery codes: a confirmation, then ten new ones shown once; the old ones stop working.
    await page.goto(`${setup.hub.url}/account/security`);
    await status.getByText('8 of 10 left').waitFor();
    await panel(page).getByRole('button', { name: 'New recovery codes' }).press('Enter');
    await panel(page).getByRole('heading', { name: 'Make new recovery codes?' }).waitFor();
    await panel(page).getByRole('button', { name: 'Make new codes' }).press('Enter');
    await banner(page, 'You have new recovery codes. The old ones no longer work.').waitFor();
    const fresh = (await codesList.locator('li').allTextContents()).map((code) => code.trim());
    expect(fresh).toHaveLength(10);
    expect(fresh.some((code) => codes.includes(code))).toBe(false);
    await panel(page).getByRole('button', { name: 'I’ve saved them' }).click();
    await status.getByText('10 of 10 left').waitFor();

    // Turning it off: the last second factor, so the password is asked for.
    await panel(page).getByRole('button', { name: 'Turn off' }).press('Enter');
    const password = panel(page).getByLabel(field('Password'));
    await password.waitFor();
    await expect(password.evaluate((element) => element === document.activeElement)).resolves.toBe(true);
    await expectNoAxeViolations(page);
    await password.fill('Not-the-password-1');
    await page.keyboard.press('Enter');
    await panel(page).getByText('Incorrect password.').waitFor();
    await password.fill(journeyPassword);
    await page.keyboard.press('Enter');
    await banner(page, 'Two-step sign-in is off. You sign in with your password alone.').waitFor();
    await status.getByText('Off').waitFor();

    // The password alone signs in again.
    await page.context().clearCookies();
    await logInToPasswordStep(page, setup.hub.url, 'psl', email);
    await page.getByLabel(field('Password')).fill(journeyPassword);
    await page.keyboard.press('Enter');
    await signedInAtTool(page);
    await context.close();
  });
});
