import {
  labels,
  TOOL_SESSION_SECONDARY_STORAGE_KEY,
  TOOL_SESSION_STORAGE_KEY,
  type ToolSession,
} from '@hub/core';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { navigateInApp, type OpenedPage, openScreen, waitForScreen } from './support/pages.js';
import { useHubAndBrowser } from './support/setup.js';

const setup = useHubAndBrowser();

/** A visit that starts on `path`; closed by the test. */
const visit = (path: string, screen: 'landing' | 'login', width = 1280): Promise<OpenedPage> =>
  openScreen(setup.browser, `${setup.hub.url}${path}`, screen, width);

/**
 * Plays the browser's part: fires a `beforeinstallprompt` whose prompt() is recorded and whose
 * user answers `outcome`. Answers whether the app took the offer over (preventDefault).
 */
const offerInstallation = (page: Page, outcome: 'accepted' | 'dismissed') =>
  page.evaluate((outcome) => {
    const calls: string[] = [];
    Object.assign(window, { installPromptCalls: calls });
    const event = new Event('beforeinstallprompt', { cancelable: true });
    Object.assign(event, {
      prompt: async () => {
        calls.push('prompt');
      },
      userChoice: Promise.resolve({ outcome, platform: 'web' }),
    });
    window.dispatchEvent(event);
    return event.defaultPrevented;
  }, outcome);

const promptCalls = (page: Page) =>
  page.evaluate(() => (window as unknown as { installPromptCalls?: string[] }).installPromptCalls ?? []);

const askForLogoutOffer = (page: Page) =>
  page.evaluate(() =>
    window.dispatchEvent(new CustomEvent('hub:offer-install', { detail: { type: 'logout' } })),
  );

const toolSession: ToolSession = {
  cb: 'https://market.example.com/sso/account/auth',
  tid: 7,
  tinfo: [{ tid: 7, name: 'Marketplace', logo: '' }],
  expiration: '',
};

const saveToolSession = (page: Page) =>
  page.evaluate(
    ([key, secondKey, session]) => {
      localStorage.setItem(key, session);
      localStorage.setItem(secondKey, session);
    },
    [TOOL_SESSION_STORAGE_KEY, TOOL_SESSION_SECONDARY_STORAGE_KEY, JSON.stringify(toolSession)] as const,
  );

const savedToolSessions = (page: Page) =>
  page.evaluate(([key, secondKey]) => [localStorage.getItem(key), localStorage.getItem(secondKey)], [
    TOOL_SESSION_STORAGE_KEY,
    TOOL_SESSION_SECONDARY_STORAGE_KEY,
  ] as const);

const isInside = (page: Page, selector: string) =>
  page.evaluate((selector) => Boolean(document.activeElement?.closest(selector)), selector);

describe('the install dialog, first prompt type', () => {
  it('shows on the landing page once the browser offers installation, with every text of the spec', async () => {
    const { page, errors, close } = await visit('/', 'landing');
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    try {
      expect(await page.getByRole('dialog').count()).toBe(0);
      expect(await offerInstallation(page, 'dismissed')).toBe(true);

      const dialog = page.getByRole('dialog', { name: 'Account Hub' });
      await dialog.waitFor();
      expect(await dialog.getAttribute('aria-modal')).toBe('true');
      expect(await dialog.getAttribute('data-prompt-type')).toBe('first');
      const text = (await dialog.textContent()) ?? '';
      for (const expected of [
        `${labels.poweredBy} Account Hub`,
        labels.installBeforeProceed,
        labels.installBody,
        labels.installClickOutside,
      ])
        expect(text).toContain(expected);
      expect(text).not.toContain(labels.installProceedLogout);
      const install = dialog.getByRole('button', { name: labels.installNow, exact: true });
      expect(await install.isVisible()).toBe(true);
      // Spec §2: a wide dialog of at most width md (28rem).
      expect((await dialog.boundingBox())?.width).toBeLessThanOrEqual(448);

      // The dialog comes in a small chunk of its own, without the schema library.
      expect(scripts.some((path) => path.includes('/InstallDialog-'))).toBe(true);
      expect(scripts.filter((path) => path.includes('/zod-'))).toEqual([]);

      // The focus starts in the dialog and stays there.
      expect(await isInside(page, 'dialog')).toBe(true);
      for (const key of ['Tab', 'Tab', 'Shift+Tab', 'Shift+Tab']) {
        await page.keyboard.press(key);
        expect(await isInside(page, 'dialog'), `after ${key}`).toBe(true);
      }

      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      // Closing cleared the prompt state; the first-visit offer is not repeated in this tab.
      await offerInstallation(page, 'dismissed');
      await page.waitForTimeout(300);
      expect(await page.getByRole('dialog').count()).toBe(0);
      expect(await promptCalls(page)).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it("closes on a click outside, not on a click inside, and 'INSTALL NOW' shows the browser's prompt", async () => {
    const { page, errors, close } = await visit('/', 'landing', 375);
    try {
      await offerInstallation(page, 'dismissed');
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      await dialog.getByText(labels.installBeforeProceed).click();
      expect(await dialog.isVisible()).toBe(true);
      await page.mouse.click(8, 8);
      await dialog.waitFor({ state: 'detached' });
      expect(await promptCalls(page)).toEqual([]);

      // A new offer in a new tab session: the visitor declines in the browser's own prompt.
      await page.evaluate(() => sessionStorage.clear());
      await offerInstallation(page, 'dismissed');
      await dialog.waitFor();
      await dialog.getByRole('button', { name: labels.installNow }).click();
      await dialog.waitFor({ state: 'detached' });
      expect(await promptCalls(page)).toEqual(['prompt']);
      expect(new URL(page.url()).pathname).toBe('/');
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });
});

describe('the install dialog, logout prompt type', () => {
  it("is titled with the tool's name, offers 'Proceed to logout', and an accepted install clears the tool session and goes to the root", async () => {
    const { page, errors, close } = await visit('/psl/login', 'login');
    try {
      await saveToolSession(page);
      expect(await offerInstallation(page, 'accepted')).toBe(true);
      // Only the landing page offers the first type by itself.
      await page.waitForTimeout(300);
      expect(await page.getByRole('dialog').count()).toBe(0);

      await askForLogoutOffer(page);
      const dialog = page.getByRole('dialog', { name: 'Marketplace' });
      await dialog.waitFor();
      expect(await dialog.getAttribute('data-prompt-type')).toBe('logout');
      const text = (await dialog.textContent()) ?? '';
      expect(text).toContain(`${labels.poweredBy} Account Hub`);
      expect(text).toContain(labels.installBeforeProceed);
      expect(text).toContain(labels.installBody);
      expect(text).not.toContain(labels.installClickOutside);
      expect(await dialog.getByRole('button', { name: labels.installProceedLogout }).isVisible()).toBe(true);
      await page.mouse.click(8, 8);
      expect(await dialog.isVisible()).toBe(true);

      await dialog.getByRole('button', { name: labels.installNow }).click();
      await dialog.waitFor({ state: 'detached' });
      expect(await promptCalls(page)).toEqual(['prompt']);
      await waitForScreen(page, 'landing');
      expect(new URL(page.url()).pathname).toBe('/');
      expect(await savedToolSessions(page)).toEqual([null, null]);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it("'Proceed to logout' clears the prompt state and the tool session", async () => {
    const { page, errors, close } = await visit('/psl/login', 'login', 375);
    try {
      await navigateInApp(page, '/biz/login');
      await waitForScreen(page, 'login');
      await saveToolSession(page);
      await offerInstallation(page, 'accepted');
      await askForLogoutOffer(page);
      const dialog = page.getByRole('dialog', { name: 'Marketplace' });
      await dialog.waitFor();
      await dialog.getByRole('button', { name: labels.installProceedLogout }).click();
      await dialog.waitFor({ state: 'detached' });
      expect(await promptCalls(page)).toEqual([]);
      expect(await savedToolSessions(page)).toEqual([null, null]);
      await waitForScreen(page, 'landing');
      // The prompt state is cleared: the landing page has no offer to show.
      await page.waitForTimeout(300);
      expect(await page.getByRole('dialog').count()).toBe(0);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });
});

describe('the installable app', () => {
  it('has a web app manifest with icons, linked from every page', async () => {
    const html = await (await fetch(`${setup.hub.url}/psl/login`)).text();
    expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest" />');
    const response = await fetch(`${setup.hub.url}/manifest.webmanifest`);
    expect(response.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
    const manifest = (await response.json()) as {
      name: string;
      start_url: string;
      display: string;
      icons: Array<{ src: string; sizes: string; type: string; purpose?: string }>;
    };
    expect(manifest.name).toBe('Account Hub');
    expect(manifest.start_url).toBe('/');
    expect(manifest.display).toBe('standalone');
    const sizes = manifest.icons.filter((icon) => icon.type === 'image/png').map((icon) => icon.sizes);
    expect(sizes).toEqual(expect.arrayContaining(['192x192', '512x512']));
    expect(manifest.icons.some((icon) => icon.purpose === 'maskable')).toBe(true);
    for (const icon of manifest.icons) {
      const image = await fetch(new URL(icon.src, setup.hub.url));
      expect(image.status, icon.src).toBe(200);
      expect(image.headers.get('content-type'), icon.src).toBe(icon.type);
    }
  });

  it('serves the service worker for revalidation on every load, stamped with its build version', async () => {
    const response = await fetch(`${setup.hub.url}/sw.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
    const source = await response.text();
    expect(source).not.toContain('__BUILD_VERSION__');
    expect(source).toMatch(/const VERSION = '[0-9a-f]{12}';/);
  });

  it('registers a service worker that caches the app shell and never an API answer', async () => {
    const { page, errors, close } = await visit('/', 'landing');
    try {
      const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
      expect(scope).toBe(`${setup.hub.url}/`);
      await expect
        .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null))
        .toBe(`${setup.hub.url}/sw.js`);

      // Through the worker now: API, SSO, health and dev answers, and some pages and files.
      await page.evaluate(async () => {
        for (const path of [
          '/api/signup/status?flowId=x',
          '/.well-known/jwks.json',
          '/healthz',
          '/sso/rqx',
          '/dev/mail',
          '/manifest.webmanifest',
        ])
          await fetch(path).catch(() => undefined);
      });
      await navigateInApp(page, '/psl/login');
      await waitForScreen(page, 'login');

      const cached = await page.evaluate(async () => {
        const names = await caches.keys();
        const entries: string[] = [];
        for (const name of names)
          for (const request of await (await caches.open(name)).keys())
            entries.push(new URL(request.url).pathname);
        return { names, entries };
      });
      expect(cached.names).toHaveLength(1);
      expect(cached.names[0]).toMatch(/^hub-shell-[0-9a-f]{12}$/);
      expect(cached.entries).toContain('/');
      expect(cached.entries.some((path) => /^\/assets\/index-[\w-]+\.js$/.test(path))).toBe(true);
      expect(cached.entries.some((path) => /^\/assets\/index-[\w-]+\.css$/.test(path))).toBe(true);
      const serverOnly = cached.entries.filter((path) =>
        /^\/(api|sso|dev|demo|\.well-known|healthz|readyz)(\/|$)/.test(path),
      );
      expect(serverOnly).toEqual([]);

      // Offline, a page still opens from the cached shell.
      await page.context().setOffline(true);
      await page.reload();
      await waitForScreen(page, 'login');
      await page.context().setOffline(false);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });
});
