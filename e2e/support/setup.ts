import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { type SmtpSink, startSmtpSink } from '../../apps/server/src/test-support/smtp-sink.js';
import { launchBrowser } from './browser.js';
import { PARKED_PAGE_PATH } from './context-pool.js';
import { type RunningHub, startHub } from './hub.js';
import { freePort } from './process.js';

/**
 * A partner site beside the hub (the demo tool, the OpenID Connect example): its origin is on a
 * free port chosen before the hub starts, because the hub's configuration names it.
 */
export interface PartnerSite {
  /** The hub's variable that holds the partner's origin (`DEMO_TOOL_URL`, `OIDC_EXAMPLE_URL`). */
  variable: string;
  /**
   * Starts the partner on `port` once the hub answers at `hubUrl`; it is stopped before the hub.
   * Without it nothing listens at the origin, and the tests answer for it themselves.
   */
  start?: (port: number, hubUrl: string) => Promise<{ stop: () => Promise<unknown> }>;
}

export interface SetupOptions {
  /**
   * More of the hub's environment. A function is called in the file's `beforeAll`, so it may read
   * what the file's own earlier `beforeAll` started (a stand-in provider, say). Vitest runs `beforeAll`
   * hooks in the order they were registered and `afterAll` hooks in reverse, so what a file starts
   * before calling this outlives the hub.
   */
  env?: Record<string, string> | (() => Record<string, string>);
  partner?: PartnerSite;
}

export interface HubAndBrowser {
  hub: RunningHub;
  browser: Browser;
  /** The partner site's origin, when `partner` was given. */
  partnerUrl: string;
}

/**
 * The hub (with `partner` beside it, if given) and Chromium, started in one `beforeAll` and stopped
 * in one `afterAll`. `before` starts what the hub needs first and returns the hub's env for it;
 * `after` stops that once the hub has stopped.
 */
const useRunning = <T extends HubAndBrowser>(
  options: SetupOptions,
  before: (running: T) => Promise<Record<string, string>>,
  after: (running: T) => Promise<void>,
): T => {
  const running = {} as T;
  let partner: { stop: () => Promise<unknown> } | undefined;
  beforeAll(async () => {
    const neededEnv = await before(running);
    const extraEnv = typeof options.env === 'function' ? options.env() : (options.env ?? {});
    const partnerPort = options.partner ? await freePort() : 0;
    if (options.partner) running.partnerUrl = `http://localhost:${partnerPort}`;
    // Each is kept as soon as it is up, so that `afterAll` stops it even when the other failed.
    await Promise.all([
      startHub({
        ...neededEnv,
        ...extraEnv,
        ...(options.partner ? { [options.partner.variable]: running.partnerUrl } : {}),
      }).then((hub) => (running.hub = hub)),
      launchBrowser().then((browser) => (running.browser = browser)),
    ]);
    partner = await options.partner?.start?.(partnerPort, running.hub.url);
  });
  // A failed test says what its pages showed and what the hub logged: a failure seen once in CI
  // must explain itself, since it may not come back on another machine.
  beforeEach(({ onTestFailed }) => {
    onTestFailed(async ({ task }) => {
      // Added to the error itself, so it is in the summary at the end of the run's output.
      const shown = await whatWasShown(running);
      const error = task.result?.errors?.[0];
      if (error) error.message = `${error.message}\n${shown}`;
      else console.error(shown);
    });
  });
  afterAll(async () => {
    await running.browser?.close();
    await partner?.stop();
    await running.hub?.stop();
    await after(running);
  });
  return running;
};

/** The URL and visible text of every page the test still had open, and the end of the hub's log. */
const whatWasShown = async (running: HubAndBrowser): Promise<string> => {
  const lines = ['--- what the failed test left on screen ---'];
  for (const context of running.browser?.contexts() ?? [])
    for (const page of context.pages()) {
      // A page the context pool parked (context-pool.ts) is not the test's.
      if (page.url().includes(PARKED_PAGE_PATH)) continue;
      const text = await page
        .locator('body')
        .innerText({ timeout: 2_000 })
        .catch((error: Error) => `(no text: ${error.message.split('\n')[0]})`);
      lines.push(`page ${page.url()}`, text.replace(/\n+/g, ' | ').slice(0, 1_500));
    }
  lines.push(
    '--- the hub logged (last 3,000 characters) ---',
    running.hub?.logs().slice(-3_000) ?? '(no hub)',
  );
  return lines.join('\n');
};

/**
 * The test file's hub (a fresh one, on its own port and its own SQLite file) and Chromium: both up
 * before the file's first test, both stopped after its last. Read their fields inside hooks and
 * tests. Without an SMTP sink the hub keeps its mail in its dev mailbox (`/dev/mail.json`).
 */
export const useHubAndBrowser = (options: SetupOptions = {}): HubAndBrowser =>
  useRunning<HubAndBrowser>(
    options,
    async () => ({}),
    async () => {},
  );

export interface HubBrowserAndMail extends HubAndBrowser {
  sink: SmtpSink;
}

/**
 * Like `useHubAndBrowser`, with an SMTP sink of the file's own that the hub sends its mail to, so
 * a test can read the codes a person would get by mail. The sink starts first: the hub needs its
 * address.
 */
export const useHubBrowserAndMail = (options: SetupOptions = {}): HubBrowserAndMail =>
  useRunning<HubBrowserAndMail>(
    options,
    async (running) => {
      running.sink = await startSmtpSink();
      return { SMTP_URL: running.sink.url, MAIL_FROM: 'Account Hub <hub@example.ph>' };
    },
    async (running) => {
      await running.sink?.stop();
    },
  );
