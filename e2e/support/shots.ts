import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page, PageScreenshotOptions } from 'playwright-core';

/** Takes a full-page screenshot named `name` (options may change that), or nothing without `SHOTS_DIR`. */
export type Shoot = (
  page: Page,
  name: string,
  options?: Omit<PageScreenshotOptions, 'path'>,
) => Promise<void>;

/** Whether screenshots are being taken (`SHOTS_DIR` is set). */
export const takingShots = () => Boolean(process.env.SHOTS_DIR);

/**
 * Screenshots for a person to look at, only when `SHOTS_DIR` names a folder: each test file writes
 * into a folder of its own under it (`folder`), so two files never write the same picture. Without
 * it (CI) none is taken: a full-page screenshot costs Chromium 0.1–0.3 s of CPU and no test reads
 * it back. The checks beside a screenshot (the layout at each width, axe) run either way.
 */
export const shotsIn = (folder: string): Shoot => {
  const root = process.env.SHOTS_DIR;
  const dir = root ? join(root, folder) : undefined;
  return async (page, name, options = {}) => {
    if (!dir) return;
    mkdirSync(dir, { recursive: true });
    await page.screenshot({ fullPage: true, ...options, path: join(dir, `${name}.png`) });
  };
};
