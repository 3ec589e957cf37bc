import { mkdirSync } from 'node:fs';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { widths } from './browser.js';
import { horizontalOverflow } from './pages.js';

/** axe-core's serious and critical violations on the page as it is now, each as `rule: target`. */
export const seriousViolations = async (page: Page) => {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((node) => `${v.id}: ${node.target.join(' ')}`));
};

/**
 * The page at each width, checked for horizontal overflow and written to `folder` as
 * `${name}-${width}.png`; the page is left at 1280 × 900.
 */
export const screenshotsAtWidths = async (page: Page, folder: string, name: string) => {
  mkdirSync(folder, { recursive: true });
  for (const width of widths) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${folder}/${name}-${width}.png`, fullPage: true });
    expect(await horizontalOverflow(page), `${name} at ${width}px`).toBe(0);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
};
