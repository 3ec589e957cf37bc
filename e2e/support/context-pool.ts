import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';

/**
 * Browser contexts that are emptied and lent again instead of being closed and made anew.
 *
 * On a two-core virtual machine a new context and its first page cost Chromium about 1.6 s of CPU,
 * and loading the app in a new renderer process costs about 3 s more than in a warm one (page
 * faults are dear in a guest): most of a browser test file's CPU. A test still gets a context
 * with no cookies, no storage, no service worker, no routes and no listeners of an earlier test;
 * what it may share with an earlier one is the HTTP cache and V8's code cache, as a returning
 * person's browser does. A context whose state cannot be undone (an init script, an exposed
 * function, a DevTools session, more than one page) is closed for real.
 *
 * `browser.newContext` lends; the context's `close` gives it back. A context is lent again only
 * with the same options (its viewport aside, which is set on its page).
 */
/** Where a given-back context's page waits for its next lending: a blank page the pool serves itself. */
export const PARKED_PAGE_PATH = '/__e2e-blank';

export const poolContexts = (browser: Browser): Browser => {
  const idle = new Map<string, Array<{ context: BrowserContext; page: Page | undefined }>>();
  const create = browser.newContext.bind(browser);

  browser.newContext = async (options: BrowserContextOptions = {}) => {
    const { viewport, ...rest } = options;
    const key = JSON.stringify({ ...rest, noViewport: viewport === null });
    const spare = idle.get(key)?.pop();
    const context = spare?.context ?? (await create(options));
    lend(context, spare?.page, viewport ?? { width: 1280, height: 720 }, viewport !== null, (page) => {
      const list = idle.get(key) ?? [];
      list.push({ context, page });
      idle.set(key, list);
    });
    return context;
  };
  return browser;
};

type Viewport = { width: number; height: number };

/**
 * An emitter's listeners now. Playwright keeps listeners of its own on its objects (a context's
 * close waits for its own `close` listener), so only those added later are ever removed.
 */
// Playwright's objects are Node-style emitters; its typings declare only part of that.
interface Emitter {
  eventNames(): Array<string | symbol>;
  rawListeners(name: string | symbol): unknown[];
  removeListener(name: string | symbol, listener: unknown): unknown;
}
type Listeners = Map<string | symbol, Set<unknown>>;
const listenersOf = (emitter: Emitter): Listeners =>
  new Map(emitter.eventNames().map((name) => [name, new Set(emitter.rawListeners(name))]));
const removeListenersSince = (emitter: Emitter, before: Listeners) => {
  for (const name of emitter.eventNames())
    for (const listener of emitter.rawListeners(name))
      if (!before.get(name)?.has(listener)) emitter.removeListener(name, listener);
};

/** What a context and its pages had when they were made: what emptying them keeps. */
const originalListeners = new WeakMap<object, Listeners>();
const remember = (target: Page | BrowserContext) => {
  if (!originalListeners.has(target))
    originalListeners.set(target, listenersOf(target as unknown as Emitter));
};
const forget = (target: Page | BrowserContext) => {
  const before = originalListeners.get(target);
  if (before) removeListenersSince(target as unknown as Emitter, before);
};

/**
 * Contexts and pages a test changed in a way that cannot be undone (an init script, an exposed
 * function, emulated media, a DevTools session): their context is closed for real. Each object's
 * methods are wrapped once, whichever lending it is in.
 */
const changedForGood = new WeakSet<object>();
const watched = new WeakSet<object>();
const markWhenCalled = (target: object, names: readonly string[]) => {
  if (watched.has(target)) return;
  watched.add(target);
  const methods = target as Record<string, (...args: unknown[]) => unknown>;
  for (const name of names) {
    const original = methods[name];
    if (!original) throw new Error(`Playwright has no ${name} to watch`);
    methods[name] = (...args: unknown[]) => {
      changedForGood.add(target);
      return original.apply(target, args);
    };
  }
};

/**
 * Whether the page paints a frame within `ms` (a timer still runs where animation frames do not).
 * A document that goes away meanwhile (a navigation) counts as painting: its successor is new.
 */
const paintsFrame = (page: Page, ms: number) =>
  page
    .evaluate(
      (ms) =>
        new Promise<boolean>((resolve) => {
          const timer = setTimeout(() => resolve(false), ms);
          requestAnimationFrame(() => {
            clearTimeout(timer);
            resolve(true);
          });
        }),
      ms,
    )
    .catch(() => true);

/**
 * A resized page must paint again before the test goes on. Playwright's click waits for the
 * element to stay put over two animation frames and has no other clock: in one CI run a page
 * resized to 375, 800 and 1280 px (Browser.setWindowBounds and a metrics override) painted no
 * frame for 30 s, its script still answering, and the next click timed out with nothing to say
 * why. Not seen again in 2,000 resize loops under load; so here a page that paints nothing within
 * 2 s after a resize is brought to the front once, and fails with its visibility and focus if
 * that does not help either.
 */
const resizeChecked = new WeakSet<Page>();
const checkFramesAfterResize = (page: Page) => {
  if (resizeChecked.has(page)) return;
  resizeChecked.add(page);
  const resize = page.setViewportSize.bind(page);
  page.setViewportSize = async (size) => {
    await resize(size);
    if (!/^https?:/.test(page.url()) || (await paintsFrame(page, 2_000))) return;
    const state = await page.evaluate(() => ({
      visibility: document.visibilityState,
      focus: document.hasFocus(),
    }));
    await page.bringToFront();
    if (!(await paintsFrame(page, 2_000)))
      throw new Error(
        `no animation frame after resizing to ${JSON.stringify(size)}: ${JSON.stringify(state)}`,
      );
    console.warn(
      `no animation frame after resizing to ${JSON.stringify(size)} until brought to the front`,
      state,
    );
  };
};

const lend = (
  context: BrowserContext,
  spare: Page | undefined,
  viewport: Viewport,
  sized: boolean,
  giveBack: (page: Page | undefined) => void,
) => {
  const proto = Object.getPrototypeOf(context) as BrowserContext;
  remember(context);
  markWhenCalled(context, ['addInitScript', 'exposeFunction', 'exposeBinding', 'newCDPSession']);
  let returned = false;
  const origins = new Set<string>();
  const watch = (page: Page) => {
    remember(page);
    markWhenCalled(page, ['addInitScript', 'exposeFunction', 'exposeBinding', 'emulateMedia']);
    checkFramesAfterResize(page);
    page.on('framenavigated', (frame) => {
      if (frame !== page.mainFrame()) return;
      const url = frame.url();
      if (/^https?:/.test(url)) origins.add(new URL(url).origin);
    });
  };
  context.on('page', watch);
  if (spare) watch(spare);

  context.newPage = async () => {
    if (spare && !spare.isClosed()) {
      const page = spare;
      spare = undefined;
      if (sized) await page.setViewportSize(viewport);
      return page;
    }
    spare = undefined;
    const page = await proto.newPage.call(context);
    if (sized) await page.setViewportSize(viewport);
    return page;
  };

  context.close = async (options) => {
    if (returned) return;
    returned = true;
    const open = context.pages();
    const page = open[0];
    if (open.length > 1 || changedForGood.has(context) || (page && changedForGood.has(page)))
      return proto.close.call(context, options);
    try {
      await emptied(context, proto, page, origins);
    } catch {
      return proto.close.call(context, options);
    }
    giveBack(page);
  };
};

/** Undoes what a test can leave in a context and its one page, short of closing them. */
const emptied = async (
  context: BrowserContext,
  proto: BrowserContext,
  page: Page | undefined,
  origins: Set<string>,
) => {
  await context.unrouteAll({ behavior: 'ignoreErrors' });
  forget(context);
  await context.setOffline(false);
  await context.clearPermissions();
  if (page) {
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    forget(page);
    const url = page.url();
    if (/^https?:/.test(url)) origins.add(new URL(url).origin);
  }
  // The prototype's own method: this session is the pool's, not a test's.
  const cdp = page ? await proto.newCDPSession.call(context, page) : undefined;
  const clear = async () => {
    for (const origin of origins)
      await cdp?.send('Storage.clearDataForOrigin', { origin, storageTypes: 'all' });
    await context.clearCookies();
  };
  // Before the page moves: a service worker of the origin would otherwise answer its navigation.
  await clear();
  if (page) {
    // A blank page of the same origin, made here: the app stops, and its renderer (warm) stays.
    const url = page.url();
    if (/^https?:/.test(url)) {
      const blank = new URL(PARKED_PAGE_PATH, url).href;
      await page.route(blank, (route) =>
        route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>blank</title>' }),
      );
      await page.goto(blank);
      await page.evaluate(() => sessionStorage.clear());
      await page.unrouteAll({ behavior: 'ignoreErrors' });
    }
    await clear();
  }
  await cdp?.detach();
};
