import { useEffect, useRef } from 'react';

/**
 * Moves focus to the first field of a step when the step changes (not on the first render, so a
 * page load leaves focus where the browser put it). Attach the ref to that step's first field.
 */
export const useStepFocus = <T extends HTMLElement>(step: unknown) => {
  const ref = useRef<T>(null);
  const shown = useRef(step);
  useEffect(() => {
    if (shown.current === step) return;
    shown.current = step;
    ref.current?.focus();
  }, [step]);
  return ref;
};
