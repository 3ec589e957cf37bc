import axe from 'axe-core';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { widths } from './browser.js';
import { horizontalOverflow } from './pages.js';
import type { Shoot } from './shots.js';

/**
 * axe-core's violations on the page as it is now, one line a node: `rule (impact): target`.
 *
 * axe runs in the page itself, put there once per document: `@axe-core/playwright` injected its
 * 500 kB script again on every call and opened a second page for each result (its `finishRun`), a
 * new renderer each time, which on a two-core machine cost more than the check and made the
 * context pool close the context for real. Frames are not entered: the only one the app has is
 * the video's, a third party's page. It waits for CSS transitions to end first (a tab changing
 * colour is measured as it ends, as a person sees it).
 */
export const axeViolations = async (
  page: Page,
  {
    impacts,
    within,
  }: {
    /** Only these impacts; every violation without. */
    impacts?: readonly string[];
    /** A CSS selector: only what it selects is checked. */
    within?: string;
  } = {},
): Promise<string[]> => {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => !(animation instanceof CSSTransition) || animation.playState !== 'running'),
  );
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  const violations = await page.evaluate(async (selector) => {
    const { axe: inPage } = window as unknown as { axe: typeof axe };
    const results = await inPage.run(selector ?? document, { iframes: false, resultTypes: ['violations'] });
    return results.violations.map(({ id, impact, nodes }) => ({
      id,
      impact,
      targets: nodes.map((node) => node.target.join(' ')),
    }));
  }, within);
  return violations
    .filter(({ impact }) => !impacts || impacts.includes(impact ?? ''))
    .flatMap(({ id, impact, targets }) => targets.map((target) => `${id} (${impact}): ${target}`));
};

/** The serious and critical ones of `axeViolations`. */
export const seriousViolations = (page: Page) => axeViolations(page, { impacts: ['serious', 'critical'] });

/**
 * The page at each width, checked for horizontal overflow and shot as `${name}-${width}` through
 * `shoot` (shots.ts); the page is left at 1280 × 900.
 */
export const screenshotsAtWidths = async (page: Page, shoot: Shoot, name: string) => {
  for (const width of widths) {
    await page.setViewportSize({ width, height: 900 });
    await shoot(page, `${name}-${width}`);
    expect(await horizontalOverflow(page), `${name} at ${width}px`).toBe(0);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
};
