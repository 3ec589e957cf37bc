import {
  BREAKPOINT_MOBILE_MAX,
  BREAKPOINT_TABLET_MAX,
  DESKTOP_CARD_WIDTH,
  TABLET_MAX_WIDTH,
} from '@hub/core';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { widths } from './support/browser.js';
import {
  horizontalOverflow,
  layoutWidths,
  navigateInApp,
  type OpenedPage,
  openScreen,
  screenPaths,
  waitForScreen,
} from './support/pages.js';
import { useHubAndBrowser } from './support/setup.js';
import { shotsIn, takingShots } from './support/shots.js';

/** For a person to look at, with SHOTS_DIR set (support/shots.ts). */
const shoot = shotsIn('layout');

const setup = useHubAndBrowser();
let visit: OpenedPage;
let page: Page;

beforeAll(async () => {
  visit = await openScreen(setup.browser, `${setup.hub.url}/`, 'landing', 1280, { serviceWorkers: 'block' });
  page = visit.page;
});
afterAll(async () => {
  await visit?.close();
});

const show = async (path: string, id: Parameters<typeof waitForScreen>[1]) => {
  await navigateInApp(page, path);
  await waitForScreen(page, id);
};

const layoutOf = (width: number) =>
  width <= BREAKPOINT_MOBILE_MAX ? 'mobile' : width <= BREAKPOINT_TABLET_MAX ? 'tablet' : 'desktop';

describe.each(layoutWidths)('at %i px wide', (width) => {
  beforeAll(() => page.setViewportSize({ width, height: 800 }));

  it('nothing overflows horizontally on any screen', async () => {
    const overflowing: string[] = [];
    for (const [path, id] of [...screenPaths, ['/no/such/page', 'not_found'] as const]) {
      await show(path, id);
      const overflow = await horizontalOverflow(page);
      if (overflow > 0) overflowing.push(`${path} by ${overflow} px`);
    }
    expect(overflowing).toEqual([]);
    expect(visit.errors).toEqual([]);
  });

  it(`lays the landing page out for ${layoutOf(width)}`, async () => {
    await show('/', 'landing');
    const boxes = await page
      .locator('[data-card]')
      .evaluateAll((items) =>
        items.map((item) => item.getBoundingClientRect()).map(({ top, width }) => ({ top, width })),
      );
    const cards = boxes.map((box) => box.width);
    expect(cards).toHaveLength(2);
    const header = page.locator('header');
    const logo = header.getByRole('link', { name: 'Account Hub home' });
    const signIn = header.getByRole('button', { name: 'Sign in' });
    const tabs = header.getByRole('navigation', { name: 'Platform' });
    expect(await tabs.isVisible()).toBe(true);
    switch (layoutOf(width)) {
      case 'mobile':
        // Spec §1: on narrow screens the header is compact and shows only the tabs.
        expect(await logo.isVisible()).toBe(false);
        expect(await signIn.isVisible()).toBe(false);
        for (const card of cards) expect(card).toBe(width - 32);
        break;
      case 'tablet':
        expect(await logo.isVisible()).toBe(true);
        expect(await signIn.isVisible()).toBe(true);
        for (const card of cards) expect(card).toBeLessThanOrEqual(TABLET_MAX_WIDTH);
        break;
      case 'desktop':
        expect(await logo.isVisible()).toBe(true);
        expect(await signIn.isVisible()).toBe(true);
        // Spec §9: 496 px at every desktop width; side by side where two fit (1280), stacked where
        // they do not (993), never shrunk to fit.
        for (const card of cards) expect(card).toBe(DESKTOP_CARD_WIDTH);
        if (width >= 1280) expect(boxes[1]?.top).toBe(boxes[0]?.top);
        else expect(boxes[1]?.top).toBeGreaterThan(boxes[0]?.top ?? 0);
        break;
    }
  });
});

describe('screenshots', () => {
  it.skipIf(!takingShots())(
    'writes the landing, login and a legal page at 375, 800 and 1280 px',
    async () => {
      const pages = [
        ['landing', '/', 'landing'],
        ['login', '/psl/login', 'login'],
        ['privacy-policy', '/privacy-policy', 'privacy'],
      ] as const;
      for (const width of widths) {
        await page.setViewportSize({ width, height: 800 });
        for (const [name, path, id] of pages) {
          await show(path, id);
          await page.evaluate(async () => {
            await document.fonts.ready;
            await Promise.all(
              Array.from(document.images).map((image) => image.decode().catch(() => undefined)),
            );
          });
          await shoot(page, `${name}-${width}`, { animations: 'disabled' });
        }
      }
    },
  );
});
