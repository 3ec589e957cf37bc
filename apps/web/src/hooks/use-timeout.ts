import { useEffect, useRef } from 'react';

/**
 * Runs `callback` once, `delayMs` after `key` becomes a value other than null, false or
 * undefined; a new key starts the wait again, and null (or leaving the screen) cancels it. The
 * callback is always the latest one, so it sees the current state.
 */
export const useTimeout = (callback: () => void, delayMs: number, key: unknown): void => {
  const latest = useRef(callback);
  useEffect(() => {
    latest.current = callback;
  });
  useEffect(() => {
    if (key === null || key === false || key === undefined) return;
    const timer = setTimeout(() => latest.current(), delayMs);
    return () => clearTimeout(timer);
  }, [key, delayMs]);
};
