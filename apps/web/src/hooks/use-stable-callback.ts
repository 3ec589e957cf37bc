import { useCallback, useLayoutEffect, useRef } from 'react';

/**
 * A function whose identity never changes but which always runs the latest `callback`: for
 * retry actions and timers that must see the current state, not the state of an older render.
 */
export const useStableCallback = <A extends unknown[], R>(
  callback: (...args: A) => R,
): ((...args: A) => R) => {
  const latest = useRef(callback);
  useLayoutEffect(() => {
    latest.current = callback;
  });
  return useCallback((...args: A) => latest.current(...args), []);
};
