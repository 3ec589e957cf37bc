import { type MailBlock, oneLine, renderMailHtml } from './html-layout.js';
import { DEFAULT_PRODUCT_NAME, type MailContent } from './templates.js';

/**
 * The notice that an account is to be deleted: when, how to cancel (sign in before then), and that
 * nothing else is needed if the person meant it. It carries no link: a mail that asks people to
 * click to keep their account is what a phishing mail looks like.
 */
export const deletionScheduledMail = (input: { dueAt: Date; productName?: string }): MailContent => {
  const product = oneLine(input.productName ?? DEFAULT_PRODUCT_NAME);
  const when = input.dueAt.toUTCString().replace(/ GMT$/, ' UTC');
  const subject = `Your ${product} account will be deleted`;
  const intro = `You asked us to delete your ${product} account. It will be deleted on ${when}, with your profile, platforms, links, tools and sessions.`;
  const cancel = `Changed your mind? Sign in to ${product} before then and the deletion is cancelled.`;
  const notYou = `If you did not ask for this, sign in now to cancel it, then change your password.`;
  const text = `${[product, '', intro, '', cancel, '', notYou].join('\n')}\n`;
  const blocks: MailBlock[] = [
    { kind: 'paragraph', text: intro },
    { kind: 'paragraph', text: cancel },
    { kind: 'note', text: notYou },
  ];
  return { subject, text, html: renderMailHtml({ title: subject, productName: product, blocks }) };
};
