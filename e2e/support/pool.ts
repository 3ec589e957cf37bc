/**
 * How many pages a test file works on at once. Two: the e2e project runs two files at a time
 * (vitest.config.ts), so two lanes each keep about four pages loading on a 2-core machine, as four
 * lanes did when the files ran one by one; more only make each page wait longer for the CPU.
 */
export const pageLanes = 2;

/**
 * Runs `work` over `items` on `lanes` workers, each with a resource of its own (a browser page,
 * say) made once by `open` and closed at the end; rejects with the first failure.
 */
export const eachInLanes = async <T, R>(
  items: readonly T[],
  lanes: number,
  open: () => Promise<R>,
  close: (resource: R) => Promise<void>,
  work: (item: T, resource: R) => Promise<void>,
) => {
  let next = 0;
  const runners = Array.from({ length: Math.min(lanes, items.length) }, async () => {
    const resource = await open();
    try {
      while (next < items.length) await work(items[next++]!, resource);
    } finally {
      await close(resource);
    }
  });
  await Promise.all(runners);
};
