import type { Language } from '@hub/core';
import { mailText } from '../i18n.js';
import { type MailBlock, oneLine, renderMailHtml } from './html-layout.js';

export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

export const DEFAULT_PRODUCT_NAME = 'Account Hub';

/** What every mail starts from: the request's language (English by default), its texts, the product's name on one line. */
export const mailWords = (input: { productName?: string; language?: Language }) => {
  const language = input.language ?? 'en';
  return { language, t: mailText(language), product: oneLine(input.productName ?? DEFAULT_PRODUCT_NAME) };
};

export const codePurposes = ['signup', 'reset', 'work_account', 'email_change'] as const;
export type CodePurpose = (typeof codePurposes)[number];

/** 'This code expires in 10 minutes.' (in English by default; in the reader's language when given). */
export const lifetimeSentence = (ttlMinutes: number, language: Language = 'en'): string =>
  mailText(language)('lifetime', { count: ttlMinutes });

const toText = (lines: string[]): string => `${lines.join('\n')}\n`;

/**
 * The mail that carries a sign-up, password-reset or work-account code: a text and an HTML part,
 * each with the product's name, the code and its lifetime (codes expire after 10 minutes: docs/security.md "Codes"),
 * in the language the person used when they asked for it (issue #18; English by default).
 */
export const verificationCodeMail = (input: {
  code: string;
  purpose: CodePurpose;
  ttlMinutes: number;
  productName?: string;
  language?: Language;
  /**
   * The screen to enter the code on, for a code the person did not ask for in their browser (a
   * reset code an operator sent: docs/console.md). Only http(s).
   */
  link?: string;
}): MailContent => {
  const { language, t, product } = mailWords(input);
  if (input.link !== undefined && !/^https?:$/.test(new URL(input.link).protocol))
    throw new Error('code link must be http(s)');
  const subject = t(`${input.purpose}.subject`, { product });
  const intro = t(`${input.purpose}.intro`, { product });
  const lifetime = lifetimeSentence(input.ttlMinutes, language);
  const ignore = t('ignore');
  const neverShare = t('neverShare', { product });
  const link = input.link === undefined ? [] : [input.link, ''];
  const text = toText([
    product,
    '',
    intro,
    '',
    ...link,
    `    ${input.code}`,
    '',
    lifetime,
    '',
    ignore,
    neverShare,
  ]);
  const blocks: MailBlock[] = [
    { kind: 'paragraph', text: intro },
    ...(input.link === undefined
      ? []
      : [{ kind: 'button' as const, label: t('code.button'), href: input.link }]),
    { kind: 'code', code: input.code },
    { kind: 'paragraph', text: lifetime },
    { kind: 'note', text: ignore },
    { kind: 'note', text: neverShare },
  ];
  return { subject, text, html: renderMailHtml({ title: subject, productName: product, blocks, language }) };
};

/**
 * A business owner invites someone to a work account: the link to open and the code to enter there.
 * Only http(s) links are accepted, so a template can never carry a `javascript:` or `data:` link.
 */
export const workAccountInvitationMail = (input: {
  inviterName: string;
  code: string;
  link: string;
  ttlMinutes: number;
  productName?: string;
  language?: Language;
}): MailContent => {
  const language = input.language ?? 'en';
  const t = mailText(language);
  const protocol = new URL(input.link).protocol;
  if (protocol !== 'https:' && protocol !== 'http:') throw new Error('invitation link must be http(s)');
  const product = oneLine(input.productName ?? DEFAULT_PRODUCT_NAME);
  const inviter = oneLine(input.inviterName, 80);
  const subject = t('invite.subject', { inviter, product });
  const intro = t('invite.intro', { inviter, product });
  const lifetime = lifetimeSentence(input.ttlMinutes, language);
  const ignore = t('invite.ignore', { inviter });
  const neverShare = t('neverShare', { product });
  const text = toText([
    product,
    '',
    intro,
    '',
    input.link,
    '',
    `    ${input.code}`,
    '',
    lifetime,
    '',
    ignore,
    neverShare,
  ]);
  const blocks: MailBlock[] = [
    { kind: 'paragraph', text: intro },
    { kind: 'button', label: t('invite.button'), href: input.link },
    { kind: 'code', code: input.code },
    { kind: 'paragraph', text: lifetime },
    { kind: 'note', text: ignore },
    { kind: 'note', text: neverShare },
  ];
  return { subject, text, html: renderMailHtml({ title: subject, productName: product, blocks, language }) };
};

/** What a notice mail says has changed on the account (sent to the account's email). */
export type AccountNotice = { kind: 'password_changed'; set: boolean; otherSessionsEnded: boolean };

/**
 * A notice that the account's password changed, sent where the person reads mail (the account's
 * email): what changed, when, and what to do if it was not them. It carries no link and no code,
 * so a forwarded or leaked notice gives nothing away. (An email change is a security notice below.)
 */
export const accountNoticeMail = (input: {
  notice: AccountNotice;
  /** When it happened, as written in the mail (UTC). */
  at: number;
  productName?: string;
  language?: Language;
}): MailContent => {
  const { language, t, product } = mailWords(input);
  const when = `${new Date(input.at).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  const { notice } = input;
  const changed = notice.set ? 'passwordSet' : 'passwordChanged';
  const subject = t(`${changed}.subject`, { product });
  const what = [
    t(`${changed}.what`, { product, when }),
    ...(notice.otherSessionsEnded ? [t('password.sessionsEnded')] : []),
  ].join(' ');
  const help = t('password.help', { product });
  const text = toText([product, '', what, '', help]);
  const blocks: MailBlock[] = [
    { kind: 'paragraph', text: what },
    { kind: 'note', text: help },
  ];
  return { subject, text, html: renderMailHtml({ title: subject, productName: product, blocks, language }) };
};

/** What a security notice (docs/security.md "Notices") tells the person about their account. */
export type SecurityNotice =
  | { kind: 'new_device'; device: { browser: string; os: string } | null }
  | { kind: 'password_limit'; failures: number }
  | { kind: 'second_factor'; method: 'totp' | 'passkey'; change: 'added' | 'removed' }
  /** `to`: the address the account had before (it no longer signs in), or the one it has now. */
  | { kind: 'email_changed'; newEmail: string; to: 'old' | 'new' };

/**
 * A notice that something happened to the account that the person may not have done: a sign-in
 * from a new device, wrong passwords that reached the limit, a second factor or passkey added or
 * removed, the email address changed (to the old address and the new one). Written in the reader's language, with the time in UTC and a button to the account
 * center page where they can act (Devices for a sign-in, Security otherwise). It names the device
 * only by browser and system read from its user agent: no address and no location.
 */
export const securityNoticeMail = (input: {
  notice: SecurityNotice;
  at: number;
  /** The account center page the button opens (http(s) only). */
  link: string;
  productName?: string;
  language?: Language;
}): MailContent => {
  const { language, t, product } = mailWords(input);
  const protocol = new URL(input.link).protocol;
  if (protocol !== 'https:' && protocol !== 'http:') throw new Error('notice link must be http(s)');
  const when = `${new Date(input.at).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  const { notice } = input;
  let subject: string;
  let what: string;
  let help: string;
  let button: string;
  if (notice.kind === 'new_device') {
    const device = notice.device
      ? t('device.named', { browser: oneLine(notice.device.browser, 40), os: oneLine(notice.device.os, 40) })
      : t('device.unknown');
    subject = t('newDevice.subject', { product });
    what = t('newDevice.what', { product, device, when });
    help = t('newDevice.help', { product });
    button = t('newDevice.button');
  } else if (notice.kind === 'password_limit') {
    subject = t('passwordLimit.subject', { product });
    what = t('passwordLimit.what', { product, count: notice.failures, when });
    help = t('passwordLimit.help', { product });
    button = t('security.button');
  } else if (notice.kind === 'email_changed') {
    const key = notice.to === 'old' ? 'emailChanged' : 'emailNew';
    subject = t(`${key}.subject`, { product });
    what = t(`${key}.what`, { product, email: oneLine(notice.newEmail, 254), when });
    help = t(`${key}.help`, { product });
    button = t('security.button');
  } else {
    const key = `${notice.method}${notice.change === 'added' ? 'Added' : 'Removed'}` as const;
    subject = t(`${key}.subject`, { product });
    what = t(`${key}.what`, { product, when });
    help = t('factor.help', { product });
    button = t('security.button');
  }
  const text = toText([product, '', what, '', input.link, '', help]);
  const blocks: MailBlock[] = [
    { kind: 'paragraph', text: what },
    { kind: 'button', label: button, href: input.link },
    { kind: 'note', text: help },
  ];
  return { subject, text, html: renderMailHtml({ title: subject, productName: product, blocks, language }) };
};
