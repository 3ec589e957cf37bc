import { describe, expect, it } from 'vitest';
import { labels, notices, termsLineParts } from './labels.js';

// Every expected text is copied from the spec; a change to a text must fail here.
describe('notices (spec §4, §8)', () => {
  it('reads word for word', () => {
    expect(notices).toEqual({
      codeVerified: 'Code has been verified',
      accountRegistered: 'Account successfully registered',
      passwordUpdated: 'Password successfully updated',
      accountLinked: 'Account successfully linked',
      alreadyRegistered: 'This account has already been registered.',
      alreadyVerified: 'This account has already been verified.',
    });
  });
});

describe('labels (spec §1, §2, §4, §8)', () => {
  it.each<[keyof typeof labels, string]>([
    ['goToLogin', 'Go to login'],
    ['enterCode', 'Enter verification code'],
    ['reenterCode', 'Re-enter verification code'],
    ['resendCode', 'Resend code'],
    ['sending', 'Sending. . .'],
    ['submit', 'Submit'],
    ['reset', 'Reset'],
    ['redirecting', 'Redirecting'],
    ['resetPassword', 'Reset password'],
    ['setUpPassword', 'Set up password'],
    [
      'termsLine',
      'By clicking submit, you agree with our Terms and conditions, Data privacy policy and Cookie policy',
    ],
    ['termsLink', 'Terms and conditions'],
    ['privacyLink', 'Data privacy policy'],
    ['cookieLink', 'Cookie policy'],
    ['termsPage', 'Terms and Conditions'],
    ['privacyPage', 'Data Policy'],
    ['cookiePage', 'Cookies Policy'],
    ['error404', 'Error 404'],
    ['ssoErrorTitle', 'SHEEESSHH!'],
    ['ssoErrorSubtitle', 'Well, this is unexpected. . .'],
    [
      'ssoErrorBody',
      "We were unable to authenticate you because your tool did not provide the proper authorization. Please contact your tool's customer support for assistance with this issue.",
    ],
    ['ssoErrorCodePrefix', 'Error code: '],
    ['tagline', 'One account for Personal , Business and more.'],
    ['headline', 'GROW YOUR CAREER & BUSINESS'],
    ['subline', '10x FASTER, 10x HIGHER & 10x BIGGER!'],
    ['personalCard', 'Launch your Career Potential'],
    ['businessCard', 'Empower your Business'],
    ['personalTab', 'Personal'],
    ['businessTab', 'Business'],
    ['signIn', 'Sign in'],
    ['businessSignIn', 'Business Sign in'],
    ['personalSignIn', 'Personal Sign in'],
    ['installBeforeProceed', 'Before you proceed!'],
    [
      'installBody',
      "Let's make your extraordinary journey in the product easier by installing the tool's app in your device.",
    ],
    ['installNow', 'INSTALL NOW'],
    ['installClickOutside', 'Click outside to exit'],
    ['installProceedLogout', 'Proceed to logout'],
    ['poweredBy', 'Powered by'],
  ])('%s reads %j', (key, text) => {
    expect(labels[key]).toBe(text);
  });

  it('formats the countdown and the chunk error', () => {
    expect(labels.resendAfter(360)).toBe('Resend code after 360 sec.');
    expect(labels.resendAfter(1)).toBe('Resend code after 1 sec.');
    expect(labels.loadingChunkFailed(7)).toBe('Loading chunk 7 failed');
  });

  it('keeps the space before the comma in the tagline', () => {
    expect(labels.tagline).toContain('Personal , Business');
  });

  it('splits the terms line into parts that join back to it, linking the three legal pages', () => {
    expect(termsLineParts.map((part) => part.text).join('')).toBe(labels.termsLine);
    expect(termsLineParts.flatMap((part) => ('link' in part ? [part.link] : []))).toEqual([
      'terms',
      'privacy',
      'cookies',
    ]);
  });
});
