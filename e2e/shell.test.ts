import { labels, type RouteId, routeIds, routePath } from '@hub/core';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, widths } from './support/browser.js';
import { type RunningHub, startHub } from './support/hub.js';
import { eachInLanes } from './support/pool.js';

let hub: RunningHub;
let browser: Browser;
beforeAll(async () => {
  [hub, browser] = await Promise.all([startHub(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await hub?.stop();
});

const openPage = async (width: number): Promise<Page> => {
  const context = await browser.newContext({ viewport: { width, height: 800 } });
  const page = await context.newPage();
  page.on('pageerror', (error) => {
    throw error;
  });
  return page;
};

const closePage = (page: Page) => page.context().close();

/** Client-side navigation, as a link inside the app does it. */
const navigateInApp = (page: Page, path: string) =>
  page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);

/** Every screen of spec §2 at a path that should show it. */
const screenPaths: Array<[string, RouteId]> = routeIds.flatMap((id): Array<[string, RouteId]> => {
  if (['landing', 'terms', 'privacy', 'cookies', 'sso_rqx'].includes(id)) return [[routePath(id), id]];
  const paths: Array<[string, RouteId]> = [
    [routePath(id, { platform: 'psl' }), id],
    [routePath(id, { platform: 'biz' }), id],
  ];
  if (id === 'registration' || id === 'registration_finalize') {
    for (const entry of ['ubr_main', 'ubr_profile', 'ubr_subtool'] as const)
      paths.push([routePath(id, { platform: 'psl', entry }), id]);
  }
  return paths;
});

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
      expect(new URL(page.url()).pathname).toBe(path);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${path} overflows horizontally`).toBeLessThanOrEqual(0);
    };
    if (width === 1280) {
      await eachInLanes(
        screenPaths,
        4,
        () => openPage(width),
        closePage,
        async (item, page) => {
          await page.goto(`${hub.url}${item[0]}`);
          await check(item, page);
        },
      );
      return;
    }
    const page = await openPage(width);
    await page.goto(`${hub.url}/`);
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
      4,
      () => openPage(width),
      closePage,
      async (path, page) => {
        const response = await page.goto(`${hub.url}${path}`);
        expect(response?.status()).toBe(404);
        await page.locator('[data-screen="not_found"]').waitFor();
        expect((await page.locator('main').textContent())?.trim()).toBe(labels.error404);
        expect(await page.locator('header, footer').count()).toBe(0);
      },
    );
  });

  it('renders /sso/rqx alone, without the header and footer of the app', async () => {
    const page = await openPage(width);
    await page.goto(`${hub.url}/sso/rqx`);
    await page.locator('[data-screen="sso_rqx"]').waitFor();
    expect(await page.locator('header, footer').count()).toBe(0);
    await page.context().close();
  });

  it('shows the header with tabs, compact on narrow screens, and the footer', async () => {
    const page = await openPage(width);
    await page.goto(`${hub.url}/psl/login?from=x`);
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
    await page.goto(`${hub.url}/psl/login`, { waitUntil: 'commit' });
    const loader = page.getByTestId('startup-loader');
    await loader.waitFor({ state: 'visible' });
    const shownAt = Date.now();
    await page.locator('[data-screen="login"]').waitFor();
    const elapsed = Date.now() - shownAt;
    expect(elapsed).toBeGreaterThanOrEqual(800);
    expect(await loader.count()).toBe(0);
    await page.context().close();
  });
});
