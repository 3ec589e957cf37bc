import { describe, expect, it } from 'vitest';
import { signInMethodPhrase } from '../contracts/me-sessions.js';
import { secondFactorTexts } from '../second-factor.js';
import { describeUserAgent } from '../user-agent.js';
import { account as en } from './en/account.js';
import { account as fil } from './fil/account.js';

/**
 * The account center's texts (issue #18): the English says what core's own words say (the login's
 * second step, the sign-in methods, the device names), so a page reads the same in both places.
 */
describe('the account center’s English catalogue', () => {
  it('words the authenticator set-up as the login’s second step does', () => {
    expect(en['account.twoStep.setUp']).toBe(secondFactorTexts.enrolTitle);
    expect(en['account.twoStep.qrAlt']).toBe(secondFactorTexts.qrAlt);
    expect(en['account.twoStep.secretLabel']).toBe(secondFactorTexts.secretLabel);
    expect(en['account.twoStep.saveCodes']).toBe(secondFactorTexts.recoveryCodesTitle);
    expect(en['account.twoStep.saveCodesPrompt']).toBe(secondFactorTexts.recoveryCodesPrompt);
  });

  it('words each sign-in method as core’s signInMethodPhrase', () => {
    for (const method of ['password', 'signup', 'session', 'google', 'facebook'] as const)
      expect(en[`account.method.${method}`]).toBe(signInMethodPhrase(method));
    expect(en['account.method.other']).toBe(signInMethodPhrase('something new'));
  });

  it('joins a device’s names as describeUserAgent does', () => {
    const fill = (text: string, values: Record<string, string>) =>
      text.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? '');
    expect(describeUserAgent('Mozilla/5.0 (Windows NT 10.0) Gecko/20100101 Firefox/133.0').words).toBe(
      fill(en['account.device.on'], { browser: 'Firefox', system: 'Windows' }),
    );
    expect(describeUserAgent('Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0)').words).toBe(
      fill(en['account.device.browserOn'], { system: 'Mac' }),
    );
    expect(describeUserAgent('').words).toBe(en['account.device.unknown']);
  });

  it('has a Filipino text for every key, none of them left in English by mistake', () => {
    expect(Object.keys(fil).sort()).toEqual(Object.keys(en).sort());
    // Names and Taglish nouns the glossary keeps: the same in both languages.
    const same = new Set([
      'account.nav',
      'account.section.account',
      'account.default',
      'account.identifier.email',
      'account.identifier.mobile_num',
      'account.identifier.username',
      'account.name.suffix',
      'account.password.title',
      'account.email.title',
      'account.twoStep.app',
      'account.twoStep.passkeyCount_one',
      'account.links.parent',
      'account.links.work',
    ]);
    for (const [key, english] of Object.entries(en)) {
      if (same.has(key)) continue;
      expect(fil[key as keyof typeof fil], key).not.toBe(english);
    }
  });
});
