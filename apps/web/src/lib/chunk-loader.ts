import { CHUNK_LOAD_TIMEOUT_MS } from '@hub/core';
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/** A lazily loaded screen chunk that failed or timed out; `chunk` is the screen's stable number. */
export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';

  constructor(
    readonly chunk: number,
    options?: { cause?: unknown },
  ) {
    super(`Loading chunk ${chunk} failed`, options);
  }
}

/**
 * Spec §8: a lazily loaded screen fails with 'Loading chunk {n} failed' when its import rejects
 * or does not settle within CHUNK_LOAD_TIMEOUT_MS (120000 ms).
 */
export const importWithTimeout = <T>(
  importer: () => Promise<T>,
  chunk: number,
  timeoutMs: number = CHUNK_LOAD_TIMEOUT_MS,
): Promise<T> =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new ChunkLoadError(chunk, { cause: new Error(`timed out after ${timeoutMs} ms`) })),
      timeoutMs,
    );
    importer().then(
      (module) => {
        clearTimeout(timer);
        resolve(module);
      },
      (cause: unknown) => {
        clearTimeout(timer);
        reject(new ChunkLoadError(chunk, { cause }));
      },
    );
  });

export interface RetryableLazy<P> {
  /**
   * The screen's component: the loaded component itself once its chunk is in, else a lazy one
   * (replaced by `retry()` after a failure). Read it once per mount: the two differ in identity.
   */
  readonly Component: ComponentType<P> | LazyExoticComponent<ComponentType<P>>;
  /** Starts loading ahead of rendering (e.g. during the start-up delay). */
  preload(): void;
  /** Forgets a failed load so the next render imports the chunk again. */
  retry(): void;
}

/**
 * React.lazy keeps a rejected import forever, so a Retry button could never recover. This wraps
 * it: a successful load is shared by every render, a failed one is dropped and `retry()` hands
 * out a fresh lazy component that imports the chunk again. A chunk that is already loaded (e.g.
 * preloaded during the start-up delay) is rendered directly: even a settled lazy component
 * suspends once, and React then holds the fallback for a few hundred milliseconds.
 */
export const retryableLazy = <P>(
  chunk: number,
  importer: () => Promise<{ default: ComponentType<P> }>,
): RetryableLazy<P> => {
  let pending: Promise<{ default: ComponentType<P> }> | undefined;
  let loaded: ComponentType<P> | undefined;
  const load = () => {
    pending ??= importWithTimeout(importer, chunk).then(
      (module) => {
        loaded = module.default;
        return module;
      },
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    );
    return pending;
  };
  let component = lazy(load);
  return {
    get Component() {
      return loaded ?? component;
    },
    preload() {
      load().catch((error: unknown) => {
        // The screen's error boundary shows the failure when the screen renders; this is only the log.
        console.warn(`Preloading chunk ${chunk} failed`, error);
      });
    },
    retry() {
      pending = undefined;
      component = lazy(load);
    },
  };
};
