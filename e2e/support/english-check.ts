import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Issue #18's checks of a translated page, shared by e2e/i18n.test.ts and e2e/i18n-account.test.ts:
 * no English UI word left in what a person sees or hears, and nothing too wide for the window.
 */

/**
 * English UI words that the Filipino screens never use (they do use the Taglish nouns of
 * docs/glossary.md: account, code, password, email, platform, tool…, and their Filipino verbs such as
 * mag-sign up). Case-insensitive, whole words (a word after a hyphen is Filipino: pag-sign up).
 */
export const englishWords =
  /(?<![\w-])(the|your|you|and|with|for|is|are|has|have|been|will|this|that|please|enter|submit|choose|already|remembered|next|back|loading|resend|again|successfully|before|powered|opens|skip|dismiss|show|sign up|log in|go to|terms and|policy)(?![\w-])/i;

/** Parts that keep their English on purpose, or that this pass does not convert. */
export const keptInEnglish = [
  '[data-testid="language-switch"]', // each language named in itself
  '[data-testid="sso-error-code"]', // the error code stays untranslated
  'header a[href="/"]', // Header.tsx: second pass
  '[data-screen="landing"] > section:nth-of-type(2)', // PlatformCards.tsx: second pass
];

/** The page's text (what is shown and what screen readers read: sr-only text and aria-labels), without the kept parts. */
export const readableText = (page: Page, kept: readonly string[] = keptInEnglish) =>
  page.evaluate((selectors) => {
    const body = document.body.cloneNode(true) as HTMLElement;
    for (const element of Array.from(body.querySelectorAll(selectors.join(',')))) element.remove();
    const labelled = Array.from(body.querySelectorAll('[aria-label]')).map((el) =>
      el.getAttribute('aria-label'),
    );
    // textContent keeps the sr-only text too (a detached clone has no layout for innerText).
    for (const script of Array.from(body.querySelectorAll('script, style'))) script.remove();
    return `${body.textContent ?? ''} ${labelled.join(' ')}`.replace(/\s+/g, ' ').trim();
  }, kept as string[]);

export const expectNoEnglish = async (page: Page, where: string, kept: readonly string[] = keptInEnglish) => {
  const text = await readableText(page, kept);
  expect(text.match(englishWords)?.[0], `${where}: ${text}`).toBeUndefined();
};

/**
 * How far the page is wider than the window, and each visible button, link or select whose text
 * is wider than itself (clipped). The skip link is clipped to 1 px on purpose until it is focused.
 */
export const overflowAndClipped = (page: Page) =>
  page.evaluate(() => ({
    page: document.documentElement.scrollWidth - window.innerWidth,
    clipped: Array.from(document.querySelectorAll<HTMLElement>('button, a, select'))
      .filter((el) => el.offsetParent !== null && !el.matches('.sr-only'))
      .filter((el) => el.clientWidth > 0 && el.scrollWidth > el.clientWidth)
      .map((el) => `${el.tagName} “${el.textContent?.trim()}” ${el.scrollWidth}>${el.clientWidth}`),
  }));
