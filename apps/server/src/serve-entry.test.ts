import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const { servedEntry } = createRequire(import.meta.url)('../bin/entry.cjs') as {
  servedEntry: (binDir?: string) => { file: string; bundle: boolean };
};

describe('which build serve.cjs runs (bin/entry.cjs)', () => {
  let root = '';
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  /** A checkout's server and core builds, each file written at `seconds` past the epoch. */
  const checkout = (seconds: Record<string, number>) => {
    root = mkdtempSync(join(tmpdir(), 'hub-entry-'));
    for (const dir of ['apps/server/bin', 'apps/server/dist', 'packages/core/dist'])
      mkdirSync(join(root, dir), { recursive: true });
    for (const [file, at] of Object.entries(seconds)) {
      writeFileSync(join(root, file), '');
      utimesSync(join(root, file), at, at);
    }
    return join(root, 'apps/server/bin');
  };

  it('runs the bundle when it is as new as both tsc builds or newer', () => {
    const bin = checkout({
      'apps/server/dist/.tsbuildinfo': 1_000,
      'packages/core/dist/.tsbuildinfo': 1_000,
      'apps/server/dist/hub.bundle.js': 1_000,
    });
    expect(servedEntry(bin)).toEqual({ file: join(root, 'apps/server/dist/hub.bundle.js'), bundle: true });
  });

  it.each([
    ['the server', 'apps/server/dist/.tsbuildinfo'],
    ['@hub/core', 'packages/core/dist/.tsbuildinfo'],
  ])('runs tsc modules when %s was compiled after the bundle was made', (_name, newer) => {
    const bin = checkout({
      'apps/server/dist/.tsbuildinfo': 1_000,
      'packages/core/dist/.tsbuildinfo': 1_000,
      'apps/server/dist/hub.bundle.js': 1_000,
      [newer]: 2_000,
    });
    expect(servedEntry(bin)).toEqual({ file: join(root, 'apps/server/dist/main.js'), bundle: false });
  });

  it('runs tsc modules when there is no bundle', () => {
    const bin = checkout({ 'apps/server/dist/.tsbuildinfo': 1_000 });
    expect(servedEntry(bin).bundle).toBe(false);
  });
});
