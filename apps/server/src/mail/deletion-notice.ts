import type { Language } from '@hub/core';
import { type MailBlock, renderMailHtml } from './html-layout.js';
import { type MailContent, mailWords } from './templates.js';

/** The Intl locale each other language's dates are written in. */
const dateLocales: Record<Exclude<Language, 'en'>, string> = { fil: 'fil-PH' };

/**
 * When the deletion happens, as the mail writes it (UTC, since the server knows no time zone):
 * 'Sat, 28 Nov 2026 12:04:00 UTC' in English, as it always was; the reader's own way elsewhere
 * ('Sabado, Nobyembre 28, 2026 nang 12:04 PM UTC').
 */
const deletionDate = (dueAt: Date, language: Language): string =>
  language === 'en'
    ? dueAt.toUTCString().replace(/ GMT$/, ' UTC')
    : `${new Intl.DateTimeFormat(dateLocales[language], { dateStyle: 'full', timeStyle: 'short', timeZone: 'UTC' }).format(dueAt)} UTC`;

/**
 * The notice that an account is to be deleted: when, how to cancel (sign in before then), and that
 * nothing else is needed if the person meant it. It carries no link: a mail that asks people to
 * click to keep their account is what a phishing mail looks like. Written in the language of the
 * request that asked for the deletion (issue #18; English by default).
 */
export const deletionScheduledMail = (input: {
  dueAt: Date;
  productName?: string;
  language?: Language;
}): MailContent => {
  const { language, t, product } = mailWords(input);
  const when = deletionDate(input.dueAt, language);
  const subject = t('deletion.subject', { product });
  const intro = t('deletion.intro', { product, when });
  const cancel = t('deletion.cancel', { product });
  const notYou = t('deletion.notYou');
  const text = `${[product, '', intro, '', cancel, '', notYou].join('\n')}\n`;
  const blocks: MailBlock[] = [
    { kind: 'paragraph', text: intro },
    { kind: 'paragraph', text: cancel },
    { kind: 'note', text: notYou },
  ];
  return { subject, text, html: renderMailHtml({ title: subject, productName: product, blocks, language }) };
};
