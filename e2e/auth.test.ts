import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  codeFromMail,
  field,
  journeyPassword,
  logInToPasswordStep,
  requestAndEnterCode,
  signUp,
  typeCode,
} from './support/auth.js';
import { useHubBrowserAndMail } from './support/setup.js';

const setup = useHubBrowserAndMail();

const openPage = async (width: number): Promise<Page> => {
  const context = await setup.browser.newContext({ viewport: { width, height: 900 } });
  return context.newPage();
};

const personal = 'maria.clara@example.ph';
const business = 'ibarra.trading@example.ph';

describe('sign-up, login and reset in Chromium, with the code from a real mail', () => {
  it('signs up on Personal at 375 px and lands on the Personal site signed in', async () => {
    const page = await openPage(375);
    await signUp(page, setup.hub.url, setup.sink, 'psl', personal);
    expect(await page.getByTestId('platform-signed-in').textContent()).toBe('Signed in to Personal');
    expect(await page.getByTestId('platform-account').textContent()).toBe(personal);
    const mail = setup.sink.messages.find((m) => m.to.includes(personal));
    expect(mail?.subject).toContain('Account Hub');
    expect(mail?.html).toContain('10 minutes');
    await page.context().close();
  });

  it('signs up on Business at 800 px', async () => {
    const page = await openPage(800);
    await signUp(page, setup.hub.url, setup.sink, 'biz', business);
    expect(await page.getByTestId('platform-signed-in').textContent()).toBe('Signed in to Business');
    await page.context().close();
  });

  it("logs in again from a fresh browser at 1280 px, after 'Incorrect password.'", async () => {
    const page = await openPage(1280);
    await logInToPasswordStep(page, setup.hub.url, 'psl', personal);
    await page.getByLabel(field('Password')).fill('Not-the-password-1');
    await page.keyboard.press('Enter');
    await page.getByText('Incorrect password.').first().waitFor();
    await page.getByLabel(field('Password')).fill(journeyPassword);
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/demo\/psl\/sso\/account\/auth\?ainfo=/);
    expect(await page.getByTestId('platform-account').textContent()).toBe(personal);
    await page.context().close();
  });

  it("answers 'Account does not exist' for an unknown account", async () => {
    const page = await openPage(375);
    await page.goto(`${setup.hub.url}/psl/login`);
    await page.getByLabel('Email, mobile number or username').fill('nobody@example.ph');
    await page.keyboard.press('Enter');
    await page.getByText('Account does not exist', { exact: true }).first().waitFor();
    await page.context().close();
  });

  it("words an unknown account 'Account does not exist.' on the reset screen, from the code, not the server's English", async () => {
    const page = await openPage(375);
    // The server's own answer with only its English message changed, as a server speaking another
    // language would send it: the screen renders the code through the catalogue, in its own wording.
    await page.route('**/api/reset/start', async (route) => {
      const response = await route.fetch();
      const body = await response.json();
      await route.fulfill({ response, json: { ...body, message: 'Hindi umiiral ang account' } });
    });
    await page.goto(`${setup.hub.url}/psl/reset/password`);
    await page.getByLabel('Email, mobile number or username').fill('nobody@example.ph');
    await page.keyboard.press('Enter');
    await page.getByText('Account does not exist.', { exact: true }).first().waitFor();
    expect(await page.getByText('Hindi umiiral').count()).toBe(0);
    await page.context().close();
  });

  it('resets the password at 800 px, returns to login, and the new password works', async () => {
    const page = await openPage(800);
    await page.goto(`${setup.hub.url}/psl/reset/password`);
    await requestAndEnterCode(page, setup.sink, personal, 'Email, mobile number or username');
    await page.waitForURL(/\/psl\/reset\/password\/finalize\?/);
    const newPassword = 'Bagong-Simula-2027!';
    await page.getByLabel(field('New password')).fill(newPassword);
    await page.getByLabel(field('Re-enter password')).fill(newPassword);
    await page.getByRole('button', { name: 'Reset' }).click();
    await page.getByText('Password successfully updated').first().waitFor();
    await page.waitForURL(/\/psl\/login$/);

    await logInToPasswordStep(page, setup.hub.url, 'psl', personal);
    await page.getByLabel(field('Password')).fill(newPassword);
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/demo\/psl\/sso\/account\/auth\?ainfo=/);
    await page.context().close();
  });

  it("says 'Account already exist.' and 'This account has already been verified.' at 1280 px", async () => {
    const page = await openPage(1280);
    await page.goto(`${setup.hub.url}/psl/registration`);
    await page.getByLabel('Email').fill(personal.toUpperCase());
    await page.keyboard.press('Enter');
    await page.getByText('Account already exist.').first().waitFor();

    // Two sign-ups of one new address: the second finalize finds the account registered.
    const email = 'twice@example.ph';
    const second = await openPage(1280);
    for (const p of [page, second]) {
      await p.goto(`${setup.hub.url}/psl/registration`);
      await requestAndEnterCode(p, setup.sink, email, 'Email');
      await p.waitForURL(/\/registration\/finalize\?/);
    }
    await page.getByLabel(field('Password')).fill(journeyPassword);
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.waitForURL(/\/demo\/psl\//);
    await second.reload();
    await second.getByText('This account has already been verified.').first().waitFor();
    const goToLogin = second.getByRole('link', { name: 'Go to login' });
    expect(await goToLogin.getAttribute('href')).toBe('/psl/login');
    await page.context().close();
    await second.context().close();
  });
});

describe('the code boxes', () => {
  it('take digits only, paste from the focused box, move back on Backspace, and say when a code is wrong', async () => {
    const page = await openPage(375);
    await page.goto(`${setup.hub.url}/biz/registration`);
    const email = 'boxes@example.ph';
    const before = setup.sink.messages.length;
    await page.getByLabel('Email').fill(email);
    await page.keyboard.press('Enter');
    const box = (i: number) => page.getByLabel(`Digit ${i} of 6`);
    await box(1).waitFor();
    const code = await codeFromMail(setup.sink, email, before);
    expect(await page.getByTestId('code-status').textContent()).toBe('Enter verification code');
    expect(await page.getByText(/^Resend code after \d+ sec\.$/).count()).toBe(1);

    await box(1).click();
    await page.keyboard.type(' a');
    expect(await box(1).inputValue()).toBe('');
    await page.keyboard.type('12');
    expect(await box(3).evaluate((el) => el === document.activeElement)).toBe(true);
    // Backspace clears the focused box and moves back: from the empty third box to the second…
    await page.keyboard.press('Backspace');
    expect(await box(2).evaluate((el) => el === document.activeElement)).toBe(true);
    // …and again clears the second and moves to the first.
    await page.keyboard.press('Backspace');
    expect(await box(2).inputValue()).toBe('');
    expect(await box(1).evaluate((el) => el === document.activeElement)).toBe(true);
    await box(2).click();

    // Paste fills from the focused box.
    await page.evaluate(() => {
      const target = document.activeElement as HTMLInputElement;
      const data = new DataTransfer();
      data.setData('text/plain', '34 5');
      target.dispatchEvent(
        new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
      );
    });
    expect(await Promise.all([1, 2, 3, 4].map((i) => box(i).inputValue()))).toEqual(['1', '3', '4', '5']);

    const wrong = code.startsWith('0') ? '999999' : '000000';
    await box(1).click();
    for (let i = 0; i < 6; i++) await page.keyboard.press('Backspace');
    await typeCode(page, wrong);
    await page.getByText('Verification code is incorrect').first().waitFor();
    await page.getByText('Re-enter verification code').first().waitFor({ timeout: 5000 });
    await typeCode(page, code);
    await page.getByText('Code has been verified').first().waitFor();
    await page.waitForURL(/\/biz\/registration\/finalize\?/);
    await page.context().close();
  });

  it('gives the code step a URL: reload returns to it, Back leaves it, the same email goes back to it, a whole code pastes from any box', async () => {
    const page = await openPage(375);
    await page.goto(`${setup.hub.url}/psl/registration`);
    const email = 'back.and.reload@example.ph';
    const before = setup.sink.messages.length;
    await page.getByLabel('Email').fill(email);
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/psl\/registration\?step=code$/);
    const code = await codeFromMail(setup.sink, email, before);

    await page.reload();
    await page.getByTestId('account-display').filter({ hasText: email }).waitFor();
    expect(await page.getByText(/^Resend code after \d+ sec\.$/).count()).toBe(1);

    // Back stays in the hub, on the account step, the email kept.
    await page.goBack();
    await page.waitForURL(/\/psl\/registration$/);
    expect(await page.getByLabel('Email').inputValue()).toBe(email);
    // The same email while the countdown runs: the code step of the code already sent, no new mail.
    await page.keyboard.press('Enter');
    await page.getByLabel('Digit 1 of 6').waitFor();
    expect(setup.sink.messages.filter((m) => m.to.includes(email))).toHaveLength(1);

    // A mail's whole sentence pasted into the third box fills all six from the first.
    await page.getByLabel('Digit 3 of 6').click();
    await page.evaluate(
      (text) => {
        const data = new DataTransfer();
        data.setData('text/plain', text);
        document.activeElement?.dispatchEvent(
          new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
        );
      },
      `Your code is ${code.slice(0, 3)} - ${code.slice(3)}.`,
    );
    await page.getByText('Code has been verified').first().waitFor();
    await page.waitForURL(/\/psl\/registration\/finalize\?/);
    await page.context().close();
  });
});
