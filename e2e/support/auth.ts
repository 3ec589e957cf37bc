import type { Page } from 'playwright-core';
import { extractCode, type SmtpSink } from '../../apps/server/src/test-support/smtp-sink.js';

/** A field by its label, which may end in the required asterisk (spec §2). */
export const field = (label: string) => new RegExp(`^${label}\\*?$`);

export const journeyPassword = 'Mabuhay-Hub-2026!';

/** Types a code into the six boxes the way a person does: focus the first box and type. */
export const typeCode = async (page: Page, code: string) => {
  await page.getByLabel('Digit 1 of 6').click();
  await page.keyboard.type(code);
};

/** The code in the newest mail to `email` received after `after` messages. */
export const codeFromMail = async (sink: SmtpSink, email: string, after: number) =>
  extractCode(await sink.waitFor(email, { after, timeoutMs: 15_000 }));

/** Step 1 and the code step of sign-up or reset, with the code read from the real mail. */
export const requestAndEnterCode = async (
  page: Page,
  sink: SmtpSink,
  email: string,
  accountLabel: string,
) => {
  const before = sink.messages.length;
  await page.getByLabel(accountLabel).fill(email);
  await page.keyboard.press('Enter');
  await page.getByLabel('Digit 1 of 6').waitFor();
  const code = await codeFromMail(sink, email, before);
  await typeCode(page, code);
  await page.getByText('Code has been verified').first().waitFor();
  return code;
};

/** A whole sign-up on a platform, ending on the platform site's /sso/account/auth. */
export const signUp = async (
  page: Page,
  hubUrl: string,
  sink: SmtpSink,
  platform: 'psl' | 'biz',
  email: string,
) => {
  await page.goto(`${hubUrl}/${platform}/registration`);
  await requestAndEnterCode(page, sink, email, 'Email');
  await page.waitForURL(/\/registration\/finalize\?/);
  await page.getByLabel(field('Password')).fill(journeyPassword);
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.getByText('Account successfully registered').first().waitFor();
  await page.waitForURL(new RegExp(`/demo/${platform}/sso/account/auth\\?ainfo=`));
};

/** Identifier-first login up to the password step. */
export const logInToPasswordStep = async (
  page: Page,
  hubUrl: string,
  platform: 'psl' | 'biz',
  account: string,
) => {
  await page.goto(`${hubUrl}/${platform}/login`);
  await page.getByLabel('Email, mobile number or username').fill(account);
  await page.keyboard.press('Enter');
  await page.getByLabel(field('Password')).waitFor();
};
