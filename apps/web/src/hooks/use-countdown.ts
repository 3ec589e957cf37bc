import { useCallback, useEffect, useState } from 'react';

const deadlineIn = (seconds: number): number => (seconds > 0 ? Date.now() + seconds * 1000 : 0);

export interface Countdown {
  /** Whole seconds left, 0 when done. */
  remaining: number;
  /** Starts again from `seconds` (0 ends it now). */
  restart: (seconds: number) => void;
}

/**
 * Spec §4 "Resend": a countdown that drops by one each second. It counts against a deadline,
 * so a throttled background tab shows the right number when it wakes; its timer stops when the
 * screen goes away.
 */
export const useCountdown = (initialSeconds: number): Countdown => {
  const [deadline, setDeadline] = useState(() => deadlineIn(initialSeconds));
  const [remaining, setRemaining] = useState(Math.max(0, initialSeconds));

  useEffect(() => {
    if (deadline === 0) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = () => {
      const left = Math.max(0, deadline - Date.now());
      const seconds = Math.ceil(left / 1000);
      setRemaining(seconds);
      // Wake when the shown number next changes.
      if (seconds > 0) timer = setTimeout(tick, left - (seconds - 1) * 1000);
    };
    tick();
    return () => clearTimeout(timer);
  }, [deadline]);

  const restart = useCallback((seconds: number) => {
    setDeadline(deadlineIn(seconds));
    setRemaining(Math.max(0, seconds));
  }, []);

  return { remaining, restart };
};
