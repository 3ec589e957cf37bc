import { type MailBlock, oneLine, renderMailHtml } from './html-layout.js';

export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

export const DEFAULT_PRODUCT_NAME = 'Account Hub';

export const codePurposes = ['signup', 'reset', 'work_account'] as const;
export type CodePurpose = (typeof codePurposes)[number];

const purposeWording: Record<CodePurpose, { subject: string; intro: (product: string) => string }> = {
  signup: {
    subject: 'verification code',
    intro: (product) => `Use this code to finish signing up for ${product}:`,
  },
  reset: {
    subject: 'password reset code',
    intro: (product) => `Use this code to reset the password of your ${product} account:`,
  },
  work_account: {
    subject: 'verification code',
    intro: (product) => `Use this code to verify your work account on ${product}:`,
  },
};

/** 'This code expires in 10 minutes.' */
export const lifetimeSentence = (ttlMinutes: number): string =>
  `This code expires in ${ttlMinutes} ${ttlMinutes === 1 ? 'minute' : 'minutes'}.`;

const neverShare = (product: string) => `Never share this code: ${product} will never ask you for it.`;

const toText = (lines: string[]): string => `${lines.join('\n')}\n`;

/**
 * The mail that carries a sign-up, password-reset or work-account code: a text and an HTML part,
 * each with the product's name, the code and its lifetime (codes expire after 10 minutes: docs/security.md "Codes").
 */
export const verificationCodeMail = (input: {
  code: string;
  purpose: CodePurpose;
  ttlMinutes: number;
  productName?: string;
}): MailContent => {
  const product = oneLine(input.productName ?? DEFAULT_PRODUCT_NAME);
  const wording = purposeWording[input.purpose];
  const subject = `Your ${product} ${wording.subject}`;
  const intro = wording.intro(product);
  const lifetime = lifetimeSentence(input.ttlMinutes);
  const ignore = 'If you did not ask for this code, you can ignore this email: nothing changes without it.';
  const text = toText([
    product,
    '',
    intro,
    '',
    `    ${input.code}`,
    '',
    lifetime,
    '',
    ignore,
    neverShare(product),
  ]);
  const blocks: MailBlock[] = [
    { kind: 'paragraph', text: intro },
    { kind: 'code', code: input.code },
    { kind: 'paragraph', text: lifetime },
    { kind: 'note', text: ignore },
    { kind: 'note', text: neverShare(product) },
  ];
  return { subject, text, html: renderMailHtml({ title: subject, productName: product, blocks }) };
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
}): MailContent => {
  const protocol = new URL(input.link).protocol;
  if (protocol !== 'https:' && protocol !== 'http:') throw new Error('invitation link must be http(s)');
  const product = oneLine(input.productName ?? DEFAULT_PRODUCT_NAME);
  const inviter = oneLine(input.inviterName, 80);
  const subject = `${inviter} invited you to a work account on ${product}`;
  const intro = `${inviter} added you as a user of their business on ${product}. Open the link below and enter this code to verify your work account:`;
  const lifetime = lifetimeSentence(input.ttlMinutes);
  const ignore = `If you do not know ${inviter} or did not expect this invitation, you can ignore this email.`;
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
    neverShare(product),
  ]);
  const blocks: MailBlock[] = [
    { kind: 'paragraph', text: intro },
    { kind: 'button', label: 'Verify work account', href: input.link },
    { kind: 'code', code: input.code },
    { kind: 'paragraph', text: lifetime },
    { kind: 'note', text: ignore },
    { kind: 'note', text: neverShare(product) },
  ];
  return { subject, text, html: renderMailHtml({ title: subject, productName: product, blocks }) };
};
