import { labels, type RouteId } from '@hub/core';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { widths } from './support/browser.js';
import { horizontalOverflow, navigateInApp, screenPaths } from './support/pages.js';
import { eachInLanes, pageLanes } from './support/pool.js';
import { useHubAndBrowser } from './support/setup.js';

const setup = useHubAndBrowser();

const openPage = async (width: number): Promise<Page> => {
  const context = await setup.browser.newContext({ viewport: { width, height: 800 } });
  const page = await context.newPage();
  page.on('pageerror', (error) => {
    throw error;
  });
  return page;
};

const closePage = (page: Page) => page.context().close();

const notFoundPaths = [
  '/xyz/login',
  '/psl/login/extra',
  '/psl/login/',
  '/PSL/login',
  '/psl/ubr/bad/registration',
  '/psl/ubr/ubr_main/login',
  '/nope',
];

describe.each(widths)('at %i px wide', (width) => {
  // Each full load waits out the spec's 1 s start-up delay: full loads at one width, in-app
  // navigation (the same route matching and chunk loading) at the others.
  it('renders the right screen for every route of the spec', async () => {
    const check = async ([path, id]: [string, RouteId], page: Page) => {
      await page.locator(`[data-screen="${id}"]`).waitFor({ timeout: 10_000 });
      // A path with a query (the device screen's form secret) is matched on its path.
      expect(new URL(page.url()).pathname).toBe(new URL(path, setup.hub.url).pathname);
      const overflow = await horizontalOverflow(page);
      expect(overflow, `${path} overflows horizontally`).toBeLessThanOrEqual(0);
    };
    if (width === 1280) {
      await eachInLanes(
        screenPaths,
        pageLanes,
        () => openPage(width),
        closePage,
        async (item, page) => {
          await page.goto(`${setup.hub.url}${item[0]}`);
          await check(item, page);
        },
      );
      return;
    }
    const page = await openPage(width);
    await page.goto(`${setup.hub.url}/`);
    await page.locator('[data-screen="landing"]').waitFor();
    for (const item of screenPaths) {
      await navigateInApp(page, item[0]);
      await check(item, page);
    }
    await closePage(page);
  });

  it("shows a plain 'Error 404' page for any other path", async () => {
    await eachInLanes(
      notFoundPaths,
      pageLanes,
      () => openPage(width),
      closePage,
      async (path, page) => {
        const response = await page.goto(`${setup.hub.url}${path}`);
        expect(response?.status()).toBe(404);
        await page.locator('[data-screen="not_found"]').waitFor();
        expect((await page.locator('main').textContent())?.trim()).toBe(labels.error404);
        expect(await page.locator('header, footer').count()).toBe(0);
      },
    );
  });

  it('renders /sso/rqx alone, without the header and footer of the app', async () => {
    const page = await openPage(width);
    await page.goto(`${setup.hub.url}/sso/rqx`);
    await page.locator('[data-screen="sso_rqx"]').waitFor();
    expect(await page.locator('header, footer').count()).toBe(0);
    await page.context().close();
  });

  it('shows the header with tabs, compact on narrow screens, and the footer', async () => {
    const page = await openPage(width);
    await page.goto(`${setup.hub.url}/psl/login?from=x`);
    await page.locator('[data-screen="login"]').waitFor();
    const header = page.locator('header');
    const personal = header.getByRole('link', { name: 'Personal' });
    const business = header.getByRole('link', { name: 'Business' });
    expect(await personal.getAttribute('aria-current')).toBe('page');
    expect(await business.getAttribute('href')).toBe('/biz/login?from=x');
    // Spec §2: on narrow screens (≤ 576 px) the header shows only the tabs.
    const logo = header.getByRole('link', { name: /home/i });
    expect(await logo.isVisible()).toBe(width > 576);
    if (width > 576) expect(await logo.getAttribute('href')).toBe('/');

    await business.click();
    await page.locator('[data-screen="login"]').waitFor();
    expect(new URL(page.url()).pathname).toBe('/biz/login');

    const footer = page.locator('footer');
    for (const [name, href] of [
      ['Terms and Conditions', '/termsandconditions'],
      ['Data Policy', '/privacy-policy'],
      ['Cookies Policy', '/cookiepolicy'],
    ] as const) {
      const link = footer.getByRole('link', { name: new RegExp(name) });
      expect(await link.getAttribute('href')).toBe(href);
      expect(await link.getAttribute('target')).toBe('_blank');
    }
    expect(await footer.textContent()).toContain('2023');
    await page.context().close();
  });
});

describe('start-up', () => {
  it('shows the loading logo until 1 s has passed, then the screen', async () => {
    const page = await openPage(1280);
    // The page notes when the logo and the screen enter its document, on its own clock: seen from
    // here, each arrives late by however busy the machine is, and the logo's lateness would
    // shorten the wait measured.
    await page.addInitScript(() => {
      const at: { loader?: number; screen?: number } = {};
      Object.assign(window, { startupTimes: at });
      new MutationObserver(() => {
        at.loader ??= document.querySelector('[data-testid="startup-loader"]')
          ? performance.now()
          : undefined;
        at.screen ??= document.querySelector('[data-screen="login"]') ? performance.now() : undefined;
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto(`${setup.hub.url}/psl/login`, { waitUntil: 'commit' });
    const loader = page.getByTestId('startup-loader');
    await loader.waitFor({ state: 'visible' });
    await page.locator('[data-screen="login"]').waitFor();
    const { loader: shownAt, screen: screenAt } = await page.evaluate(
      () => (window as unknown as { startupTimes: { loader?: number; screen?: number } }).startupTimes,
    );
    expect(screenAt! - shownAt!).toBeGreaterThanOrEqual(800);
    expect(await loader.count()).toBe(0);
    await page.context().close();
  });
});
