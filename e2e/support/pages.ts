import { isAccountRoute, matchRoute, type RouteId, routeIds, routePath } from '@hub/core';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';

/** The spec's layout widths (§1, §9): both sides of each breakpoint, the smallest phone and a desktop. */
export const layoutWidths = [320, 375, 576, 577, 800, 992, 993, 1280] as const;

export interface OpenedPage {
  page: Page;
  /** Uncaught errors of the page's scripts; a test asserts it stays empty. */
  errors: Error[];
  close: () => Promise<void>;
}

/** A page in a fresh browser context (its own storage, cache and service worker). */
export const openPage = async (
  browser: Browser,
  width: number,
  options: BrowserContextOptions = {},
): Promise<OpenedPage> => {
  const context = await browser.newContext({ viewport: { width, height: 800 }, ...options });
  const page = await context.newPage();
  const errors: Error[] = [];
  page.on('pageerror', (error) => errors.push(error));
  return { page, errors, close: () => context.close() };
};

/** A page in a fresh browser context on `url`, once the screen `id` is shown. */
export const openScreen = async (
  browser: Browser,
  url: string,
  id: RouteId,
  width = 1280,
  options: BrowserContextOptions = {},
): Promise<OpenedPage> => {
  const opened = await openPage(browser, width, options);
  await opened.page.goto(url);
  await waitForScreen(opened.page, id);
  return opened;
};

/**
 * Client-side navigation, as a link inside the app does it (no new start-up delay). It returns once
 * the app shows the path's platform: from one platform's screen to the same screen of the other
 * (`data-screen` alike), a check that only waited for the screen id found the old one and ran while
 * React switched the platform tabs' colours, measuring them half-way (axe's colour contrast).
 */
export const navigateInApp = async (page: Page, path: string) => {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  // AppLayout's data-platform is the route's platform (psl where the path names none); the legal
  // and bare layouts have none.
  const platform = matchRoute(new URL(path, 'http://hub.invalid').pathname).platform ?? 'psl';
  await page.waitForFunction((expected) => {
    const layout = document.querySelector('[data-platform]');
    return !layout || layout.getAttribute('data-platform') === expected;
  }, platform);
};

/** Waits until the screen of a route is shown (its `data-screen`). */
export const waitForScreen = (page: Page, id: RouteId | 'not_found') =>
  page.locator(`[data-screen="${id}"]`).first().waitFor({ timeout: 10_000 });

/**
 * Every screen of spec §2 at a path that shows it (both platforms; each sign-up entry once). The
 * account center is left out: without a session it is no screen but the way to the login
 * (e2e/account-shell.test.ts checks its pages signed in).
 */
export const screenPaths: Array<[string, RouteId]> = routeIds.flatMap((id): Array<[string, RouteId]> => {
  // The operator console is a 404 without a console role (e2e/admin-console.test.ts signs one in).
  if (isAccountRoute(id) || id === 'admin') return [];
  if (['landing', 'terms', 'privacy', 'cookies', 'sso_rqx'].includes(id)) return [[routePath(id), id]];
  // The device screen without a form secret goes to the provider for one and comes back: it is
  // checked as it then shows, with the secret (e2e/oidc-device.test.ts drives the whole flow).
  if (id === 'oidc_device') return [[`${routePath(id)}?xsrf=e2e-layout`, id]];
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

/** How far the page is wider than the window (0 when nothing overflows horizontally). */
export const horizontalOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
