import { CODE_TTL_SECONDS } from '@hub/core';
import { describe, expect, it } from 'vitest';
import { deletionScheduledMail } from './deletion-notice.js';
import {
  accountNoticeMail,
  codePurposes,
  verificationCodeMail,
  workAccountInvitationMail,
} from './templates.js';

const ttlMinutes = CODE_TTL_SECONDS / 60;
const visibleText = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

describe('verificationCodeMail', () => {
  it.each(codePurposes)('carries the product, the code and its lifetime in both parts (%s)', (purpose) => {
    const mail = verificationCodeMail({ code: '482913', purpose, ttlMinutes });
    expect(mail.subject).toMatch(/^Your Account Hub (verification|password reset|email change) code$/);
    for (const part of [mail.text, visibleText(mail.html)]) {
      expect(part).toContain('Account Hub');
      expect(part).toContain('482913');
      expect(part).toContain('This code expires in 10 minutes.');
      expect(part).toContain('If you did not ask for this code, you can ignore this email');
    }
  });

  it('names the purpose', () => {
    expect(verificationCodeMail({ code: '1', purpose: 'signup', ttlMinutes }).subject).toBe(
      'Your Account Hub verification code',
    );
    expect(verificationCodeMail({ code: '1', purpose: 'reset', ttlMinutes }).text).toContain(
      'reset the password',
    );
    expect(verificationCodeMail({ code: '1', purpose: 'work_account', ttlMinutes }).text).toContain(
      'verify your work account',
    );
  });

  it('shows the code large and spaced in an email-safe HTML document', () => {
    const { html } = verificationCodeMail({ code: '482913', purpose: 'signup', ttlMinutes });
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).toMatch(/font-size:32px;[^"]*letter-spacing:8px;[^"]*">482913</);
    expect(html).not.toMatch(/<script|<link|<style/i);
  });

  it('says "1 minute" for a one-minute code', () => {
    expect(verificationCodeMail({ code: '1', purpose: 'signup', ttlMinutes: 1 }).text).toContain(
      'This code expires in 1 minute.',
    );
  });

  it('escapes everything it puts in the HTML and keeps the subject on one line', () => {
    const mail = verificationCodeMail({
      code: '<b>1</b>',
      purpose: 'signup',
      ttlMinutes,
      productName: 'Hub <img src=x onerror=alert(1)>\r\nBcc: x@evil.test',
    });
    expect(mail.html).not.toContain('<img');
    expect(mail.html).not.toContain('<b>');
    expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(mail.html).toContain('&lt;b&gt;1&lt;/b&gt;');
    expect(mail.subject).not.toMatch(/[\r\n]/);
  });
});

describe('workAccountInvitationMail', () => {
  const base = {
    inviterName: 'Maria "Boss" <Santos>',
    code: '551024',
    link: 'https://hub.example.ph/work/verify?f=abc&x=1',
    ttlMinutes,
  };

  it('carries inviter, link, code and lifetime in both parts, escaped in HTML', () => {
    const mail = workAccountInvitationMail(base);
    expect(mail.subject).toBe('Maria "Boss" <Santos> invited you to a work account on Account Hub');
    expect(mail.text).toContain(base.link);
    expect(mail.text).toContain('551024');
    expect(mail.text).toContain('This code expires in 10 minutes.');
    expect(mail.html).toContain('href="https://hub.example.ph/work/verify?f=abc&amp;x=1"');
    expect(mail.html).toContain('Maria &quot;Boss&quot; &lt;Santos&gt;');
    expect(visibleText(mail.html)).toContain('551024');
  });

  it('refuses links that are not http(s)', () => {
    expect(() => workAccountInvitationMail({ ...base, link: 'javascript:alert(1)' })).toThrow();
    expect(() => workAccountInvitationMail({ ...base, link: 'not a url' })).toThrow();
  });

  it('keeps a multi-line inviter name out of the subject header', () => {
    const mail = workAccountInvitationMail({ ...base, inviterName: 'Eve\r\nBcc: all@example.ph' });
    expect(mail.subject).toBe('Eve Bcc: all@example.ph invited you to a work account on Account Hub');
  });
});

describe('the mails in Filipino (issue #18)', () => {
  it.each(codePurposes)(
    'writes the code mail in Filipino, the code and product untouched (%s)',
    (purpose) => {
      const mail = verificationCodeMail({ code: '482913', purpose, ttlMinutes, language: 'fil' });
      expect(mail.subject).toContain('Account Hub');
      expect(mail.subject).not.toMatch(/\bYour\b/);
      expect(mail.html).toContain('<html lang="fil">');
      for (const part of [mail.text, visibleText(mail.html)]) {
        expect(part).toContain('482913');
        expect(part).toContain('Mag-e-expire ang code na ito sa loob ng 10 minuto.');
        expect(part).toContain('Huwag ibigay kaninuman ang code na ito');
        expect(part).not.toMatch(/\b(code expires|ignore this email|Never share)\b/);
      }
    },
  );

  it('uses the plural forms of the lifetime in each language', () => {
    expect(verificationCodeMail({ code: '1', purpose: 'signup', ttlMinutes: 1 }).text).toContain(
      'This code expires in 1 minute.',
    );
    expect(
      verificationCodeMail({ code: '1', purpose: 'signup', ttlMinutes: 1, language: 'fil' }).text,
    ).toContain('sa loob ng 1 minuto.');
  });

  it('writes the invitation and the notices in Filipino', () => {
    const invitation = workAccountInvitationMail({
      inviterName: 'Maria Santos',
      code: '123456',
      link: 'https://hub.example/biz/comp/account/verification?invite=x',
      ttlMinutes,
      language: 'fil',
    });
    expect(invitation.subject).toBe('Inimbitahan ka ni Maria Santos sa isang work account sa Account Hub');
    expect(visibleText(invitation.html)).toContain('I-verify ang work account');
    const notice = accountNoticeMail({
      notice: { kind: 'password_changed', set: false, otherSessionsEnded: true },
      at: Date.UTC(2026, 0, 2, 3, 4),
      language: 'fil',
    });
    expect(notice.subject).toBe('Napalitan ang iyong password sa Account Hub');
    expect(notice.text).toContain(
      'Napalitan ang password ng iyong Account Hub account noong 2026-01-02 03:04 UTC. Na-sign out ang iba mo pang device.',
    );
  });
});

describe('deletionScheduledMail', () => {
  const dueAt = new Date(Date.UTC(2026, 10, 28, 12, 4));

  it('says when, how to cancel and what to do if it was not them, in English word for word', () => {
    const mail = deletionScheduledMail({ dueAt });
    expect(mail.subject).toBe('Your Account Hub account will be deleted');
    expect(mail.text).toBe(
      [
        'Account Hub',
        '',
        'You asked us to delete your Account Hub account. It will be deleted on Sat, 28 Nov 2026 12:04:00 UTC, with your profile, platforms, links, tools and sessions.',
        '',
        'Changed your mind? Sign in to Account Hub before then and the deletion is cancelled.',
        '',
        'If you did not ask for this, sign in now to cancel it, then change your password.',
        '',
      ].join('\n'),
    );
    expect(mail.html).toContain('<html lang="en">');
    expect(mail.html).not.toMatch(/<a\s/);
  });

  it('is written in Filipino for a Filipino request, the date in Filipino too (issue #18)', () => {
    const mail = deletionScheduledMail({ dueAt, language: 'fil' });
    expect(mail.subject).toBe('Buburahin na ang iyong Account Hub account');
    expect(mail.html).toContain('<html lang="fil">');
    for (const part of [mail.text, visibleText(mail.html)]) {
      expect(part).toContain(
        'Hiniling mong burahin ang iyong Account Hub account. Buburahin ito sa Sabado, Nobyembre 28, 2026 nang 12:04 PM UTC,',
      );
      expect(part).toContain('Nagbago ang isip mo? Mag-sign in sa Account Hub');
      expect(part).not.toMatch(/\b(Your|You asked|deleted|Changed your mind|Sat|Nov)\b/);
    }
  });
});
