import { useEffect, useRef } from 'react';

/**
 * Moves focus to the first field of a step when the step changes. On the first render it does so
 * only when `onArrival` is set (a screen that arrives with its field already filled, where the
 * next key a person presses is Enter); otherwise a page load leaves focus where the browser put it.
 * Attach the ref to that step's first field.
 */
export const useStepFocus = <T extends HTMLElement>(step: unknown, onArrival = false) => {
  const ref = useRef<T>(null);
  const shown = useRef<unknown>(onArrival ? Symbol('arrival') : step);
  useEffect(() => {
    if (shown.current === step) return;
    shown.current = step;
    ref.current?.focus();
  }, [step]);
  return ref;
};
