import type { BrowserContextOptions, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { Shoot } from './shots.js';

/**
 * Issue #18's checks of a screen in a language, shared by the e2e/i18n*.test.ts files: the English
 * words a Filipino screen never uses, the parts that keep their English on purpose, and the layout
 * check (no horizontal overflow, no clipped control) at the widths a screen must fit.
 */

export const filipino: BrowserContextOptions = { locale: 'fil-PH' };
export const english: BrowserContextOptions = { locale: 'en-US' };

/**
 * English UI words that the Filipino screens never use (they do use the Taglish nouns of
 * docs/glossary.md: account, code, password, email, platform, tool…, and their Filipino verbs such as
 * mag-sign up). Case-insensitive, whole words (a word after a hyphen is Filipino: pag-sign up).
 */
export const englishWords =
  /(?<![\w-])(the|your|you|and|with|for|is|are|has|have|been|will|this|that|please|enter|submit|choose|already|remembered|next|back|loading|resend|again|successfully|before|powered|opens|skip|dismiss|show|sign up|log in|go to|terms and|policy)(?![\w-])/i;

/** Parts that keep their English on purpose. */
export const keptInEnglish = [
  '[data-testid="language-switch"]', // each language named in itself
  '[data-testid="sso-error-code"]', // the error code stays untranslated
];

/**
 * The page's text (what is shown and what screen readers read: sr-only text, aria-labels and image
 * alternatives), without the kept parts and any `more` selectors a test leaves out.
 */
export const readableText = (page: Page, more: readonly string[] = []) =>
  page.evaluate(
    (kept) => {
      const body = document.body.cloneNode(true) as HTMLElement;
      for (const element of Array.from(body.querySelectorAll(kept.join(',')))) element.remove();
      const labelled = Array.from(body.querySelectorAll('[aria-label], img[alt]')).map(
        (el) => el.getAttribute('aria-label') ?? el.getAttribute('alt'),
      );
      // textContent keeps the sr-only text too (a detached clone has no layout for innerText).
      for (const script of Array.from(body.querySelectorAll('script, style'))) script.remove();
      return `${body.textContent ?? ''} ${labelled.join(' ')}`.replace(/\s+/g, ' ').trim();
    },
    [...keptInEnglish, ...more],
  );

/** Fails with the page's text when an English UI word is left on it. */
export const expectNoEnglish = async (page: Page, where: string, more: readonly string[] = []) => {
  const text = await readableText(page, more);
  expect(text.match(englishWords)?.[0], `${where}: ${text}`).toBeUndefined();
};

export const languageCookie = async (page: Page) =>
  (await page.context().cookies()).find((cookie) => cookie.name === 'hub_lng');

/** The widths the Filipino screens are checked at (spec §1, §9: the smallest phone to a desktop). */
export const checkedWidths = [320, 375, 800, 1280] as const;

/**
 * How far the page is wider than the window, and the visible buttons, links and selects whose
 * text does not fit them; `{ page: 0, clipped: [] }` when the layout holds.
 */
export const layoutProblems = (page: Page) =>
  page.evaluate(() => ({
    page: document.documentElement.scrollWidth - window.innerWidth,
    // Visible controls only: the skip link is clipped to 1 px on purpose until it is focused.
    clipped: Array.from(document.querySelectorAll<HTMLElement>('button, a, select'))
      .filter((el) => el.offsetParent !== null && !el.matches('.sr-only'))
      .filter((el) => el.clientWidth > 0 && el.scrollWidth > el.clientWidth)
      .map((el) => `${el.tagName} “${el.textContent?.trim()}” ${el.scrollWidth}>${el.clientWidth}`),
  }));

/**
 * The shown screen at each checked width: never wider than the window, no button or link clipped;
 * at 375, 800 and 1280 px a screenshot `<where>-<width>` through `shoot` (shots.ts), when given.
 */
export const expectFitsEveryWidth = async (page: Page, where: string, shoot?: Shoot) => {
  const height = page.viewportSize()?.height ?? 800;
  for (const width of checkedWidths) {
    await page.setViewportSize({ width, height });
    expect(await layoutProblems(page), `${where} at ${width} px`).toEqual({ page: 0, clipped: [] });
    if (shoot && width !== 320) await shoot(page, `${where}-${width}`);
  }
};
