import { labels } from '@hub/core';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './support/page-checks.js';
import {
  navigateInApp,
  type OpenedPage,
  openPage,
  openScreen,
  screenPaths,
  waitForScreen,
} from './support/pages.js';
import { eachInLanes, pageLanes } from './support/pool.js';
import { useHubAndBrowser } from './support/setup.js';

const setup = useHubAndBrowser();

/** Fires the browser's install offer, as Chromium does when the app can be installed. */
const offerInstallation = (page: Page) =>
  page.evaluate(() => {
    const event = new Event('beforeinstallprompt', { cancelable: true });
    Object.assign(event, {
      prompt: async () => undefined,
      userChoice: Promise.resolve({ outcome: 'dismissed' }),
    });
    window.dispatchEvent(event);
  });

describe.each([1280, 375])('axe-core at %i px', (width) => {
  let visit: OpenedPage;
  beforeAll(async () => {
    visit = await openScreen(setup.browser, `${setup.hub.url}/`, 'landing', width);
  });
  afterAll(() => visit?.close());

  it('finds no serious or critical violation on any screen of the product', async () => {
    const found: string[] = [];
    const errors: Error[] = [];
    // Several pages at once (axe takes a second or more a screen); each opens the app once, then
    // moves between screens in-app. A slow machine may need the longer time limit.
    await eachInLanes(
      [...screenPaths, ['/no/such/page', 'not_found'] as const],
      pageLanes,
      () => openScreen(setup.browser, `${setup.hub.url}/`, 'landing', width),
      async (lane) => {
        errors.push(...lane.errors);
        await lane.close();
      },
      async ([path, id], lane) => {
        await navigateInApp(lane.page, path);
        await waitForScreen(lane.page, id);
        for (const violation of await seriousViolations(lane.page)) found.push(`${path}: ${violation}`);
      },
    );
    expect(found).toEqual([]);
    expect(errors).toEqual([]);
  }, 240_000);

  it('finds none with the sign-in menu and the install dialogs open', async () => {
    const { page } = visit;
    const found: string[] = [];
    await navigateInApp(page, '/');
    await waitForScreen(page, 'landing');
    if (width > 576) {
      await page.locator('header').getByRole('button', { name: labels.signIn }).click();
      await page.getByRole('link', { name: labels.businessSignIn }).waitFor();
      for (const violation of await seriousViolations(page)) found.push(`sign-in menu: ${violation}`);
      await page.keyboard.press('Escape');
    }
    // The first type shows by itself on the landing page; once closed, it stays closed in this tab,
    // and the logout type is asked for.
    await page.evaluate(() => sessionStorage.clear());
    for (const type of ['first', 'logout'] as const) {
      await offerInstallation(page);
      if (type === 'logout')
        await page.evaluate(() =>
          window.dispatchEvent(new CustomEvent('hub:offer-install', { detail: { type: 'logout' } })),
        );
      const dialog = page.locator(`dialog[data-prompt-type="${type}"]`);
      await dialog.waitFor();
      for (const violation of await seriousViolations(page))
        found.push(`install dialog (${type}): ${violation}`);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
    }
    expect(found).toEqual([]);
  });
});

/** Presses Tab until `matches` says the focused element is the one wanted; fails after `limit` presses. */
const tabTo = async (page: Page, matches: (element: Element) => boolean, limit = 30) => {
  for (let presses = 0; presses < limit; presses += 1) {
    await page.keyboard.press('Tab');
    if (await page.evaluate(`(${matches.toString()})(document.activeElement)`)) return;
  }
  throw new Error(`Tab never reached the element after ${limit} presses`);
};

/** Whether the focused element shows a focus indicator (an outline or a ring). */
const focusIsVisible = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return false;
    const style = getComputedStyle(element);
    const outline = style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0;
    return element.matches(':focus-visible') && (outline || style.boxShadow !== 'none');
  });

describe('with the keyboard alone', () => {
  it('every control of the landing page shows a visible focus, in order', async () => {
    const { page, close } = await openPage(setup.browser, 1280, { serviceWorkers: 'block' });
    try {
      await page.goto(`${setup.hub.url}/`);
      await waitForScreen(page, 'landing');
      const seen: string[] = [];
      for (let presses = 0; presses < 40; presses += 1) {
        await page.keyboard.press('Tab');
        const name = await page.evaluate(() => {
          const element = document.activeElement;
          return element && element !== document.body
            ? `${element.tagName.toLowerCase()}:${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim()}`
            : null;
        });
        if (!name || seen.includes(name)) break;
        seen.push(name);
        expect(await focusIsVisible(page), `focus of ${name}`).toBe(true);
      }
      // The skip link comes first; the whole page is reachable.
      expect(seen[0]).toBe('a:Skip to content');
      for (const expected of [labels.signIn, 'Play video', 'Get started', 'Log in', labels.termsPage])
        expect(
          seen.some((name) => name.includes(expected)),
          expected,
        ).toBe(true);
    } finally {
      await close();
    }
  });

  it("signs in through the 'Sign in' menu, plays the video and moves between the legal pages", async () => {
    const { page, errors, close } = await openPage(setup.browser, 1280, { serviceWorkers: 'block' });
    try {
      await page
        .context()
        .route('https://www.youtube-nocookie.com/**', (route) =>
          route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>player</title>' }),
        );
      await page.goto(`${setup.hub.url}/`);
      await waitForScreen(page, 'landing');

      await tabTo(page, (element) => element.textContent?.trim() === 'Sign in');
      await page.keyboard.press('Enter');
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(labels.businessSignIn);
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(labels.personalSignIn);
      await page.keyboard.press('Enter');
      await waitForScreen(page, 'login');
      expect(new URL(page.url()).pathname).toBe('/psl/login');
      // The login form is the next stop for the keyboard: its account field takes the focus.
      await tabTo(page, (element) => element.tagName === 'INPUT');
      expect(await focusIsVisible(page)).toBe(true);

      await page.goBack();
      await waitForScreen(page, 'landing');
      await page.locator('body').focus();
      await tabTo(page, (element) => element.getAttribute('aria-label')?.startsWith('Play video') ?? false);
      await page.keyboard.press('Enter');
      await page.getByTestId('promo-video').locator('iframe').waitFor();
      expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('IFRAME');

      await navigateInApp(page, '/termsandconditions');
      await waitForScreen(page, 'terms');
      await page.locator('body').focus();
      await tabTo(
        page,
        (element) => element.textContent === 'Data Policy' && element.closest('header') !== null,
      );
      await page.keyboard.press('Enter');
      await waitForScreen(page, 'privacy');
      expect(new URL(page.url()).pathname).toBe('/privacy-policy');
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it('announces form errors and labels the code boxes', async () => {
    const { page, errors, close } = await openPage(setup.browser, 1280, { serviceWorkers: 'block' });
    try {
      await page.goto(`${setup.hub.url}/psl/login`);
      await waitForScreen(page, 'login');
      const account = page.locator('main input').first();
      await account.press('Enter');
      await expect.poll(() => account.getAttribute('aria-invalid')).toBe('true');
      // The error is tied to the field and sits in a live region, so a screen reader says it.
      const announced = await account.evaluate((input) =>
        (input.getAttribute('aria-describedby') ?? '')
          .split(/\s+/)
          .map((id) => document.getElementById(id))
          .some(
            (element) =>
              element !== null &&
              (element.textContent ?? '').trim() !== '' &&
              element.closest(
                '[aria-live="polite"], [aria-live="assertive"], [role="alert"], [role="status"]',
              ) !== null,
          ),
      );
      expect(announced).toBe(true);

      await navigateInApp(page, '/psl/registration');
      await waitForScreen(page, 'registration');
      const email = page.locator('main input').first();
      await email.fill('keyboard-only@example.com');
      await email.press('Enter');
      const boxes = page.locator('main fieldset input');
      await boxes.first().waitFor();
      const names = await boxes.evaluateAll((inputs) =>
        inputs.map(
          (input) =>
            input.getAttribute('aria-label') ??
            Array.from((input as HTMLInputElement).labels ?? [])
              .map((label) => label.textContent)
              .join(' '),
        ),
      );
      expect(names).toHaveLength(6);
      for (const name of names) expect(name.trim()).not.toBe('');
      expect(new Set(names).size).toBe(6);
      expect(await seriousViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it('opens and closes the install dialog with the keyboard, and the focus goes back', async () => {
    const { page, close } = await openPage(setup.browser, 1280, { serviceWorkers: 'block' });
    try {
      await page.goto(`${setup.hub.url}/`);
      await waitForScreen(page, 'landing');
      await tabTo(page, (element) => element.textContent?.trim() === 'Sign in');
      await offerInstallation(page);
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(labels.installNow);
      expect(await focusIsVisible(page)).toBe(true);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Sign in');
    } finally {
      await close();
    }
  });
});
