import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

const { gcHelpers, hubNodeFlags } = createRequire(import.meta.url)('../bin/node-flags.cjs') as {
  gcHelpers: (cores: number, processes: number) => number;
  hubNodeFlags: (env: NodeJS.ProcessEnv, cores?: number) => string[];
};

describe('V8 flags of a hub process (bin/node-flags.cjs)', () => {
  it.each([
    [2, 1, 1],
    [2, 2, 1],
    [1, 1, 1],
    [8, 1, 4],
    [8, 2, 2],
    [16, 3, 3],
  ])('gives %i cores and %i processes %i garbage-collection helpers each', (cores, processes, helpers) => {
    expect(gcHelpers(cores, processes)).toBe(helpers);
  });

  it('bounds the heap and sizes the helpers from the cores and HUB_WORKERS', () => {
    expect(hubNodeFlags({}, 2)).toEqual([
      '--max-old-space-size=128',
      '--max-semi-space-size=2',
      '--v8-pool-size=1',
    ]);
    expect(hubNodeFlags({ HUB_WORKERS: '2' }, 8)).toContain('--v8-pool-size=2');
  });

  it('leaves the choice to an operator who sets NODE_OPTIONS, even to a space', () => {
    expect(hubNodeFlags({ NODE_OPTIONS: '--max-old-space-size=512' }, 2)).toEqual([]);
    expect(hubNodeFlags({ NODE_OPTIONS: ' ' }, 2)).toEqual([]);
    expect(hubNodeFlags({ NODE_OPTIONS: '' }, 2)).toHaveLength(3);
  });
});
