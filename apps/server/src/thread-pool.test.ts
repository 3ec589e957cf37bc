import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

const { processesOf, threadPoolSize, sizeThreadPool } = createRequire(import.meta.url)(
  '../bin/thread-pool.cjs',
) as {
  processesOf: (hubWorkers: string | undefined, cores: number) => number;
  threadPoolSize: (cores: number, processes: number) => number;
  sizeThreadPool: (env: NodeJS.ProcessEnv, cores?: number) => string;
};

describe('libuv thread pool of a hub process (bin/thread-pool.cjs)', () => {
  it.each([
    [2, 1, 2],
    [2, 2, 1],
    [8, 3, 3],
    [1, 4, 1],
    [4, 0, 4],
  ])('gives %i cores and %i processes %i threads each', (cores, processes, threads) => {
    expect(threadPoolSize(cores, processes)).toBe(threads);
  });

  it.each([
    [undefined, 1],
    ['auto', 6],
    ['3', 3],
    ['0', 1],
    ['two', 1],
    ['1.5', 1],
  ])('reads HUB_WORKERS=%s on 6 cores as %i processes', (hubWorkers, processes) => {
    expect(processesOf(hubWorkers, 6)).toBe(processes);
  });

  it('shares the cores among HUB_WORKERS and leaves an operator’s UV_THREADPOOL_SIZE alone', () => {
    expect(sizeThreadPool({}, 2)).toBe('2');
    expect(sizeThreadPool({ HUB_WORKERS: 'auto' }, 2)).toBe('1');
    expect(sizeThreadPool({ HUB_WORKERS: '2', UV_THREADPOOL_SIZE: '16' }, 2)).toBe('16');
  });
});
