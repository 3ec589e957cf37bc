/**
 * Whether the sign-in challenge (lib/sign-in-challenge.ts) is being solved now, for the
 * 'Checking your browser…' status every sign-in screen shows (components/auth/ChallengeStatus.tsx).
 * A module of its own, importing nothing: the screen frame is in every page's first load, and the
 * solver with its contracts (zod) is not.
 */
type Listener = () => void;
let solving = 0;
const listeners = new Set<Listener>();
const notify = () => {
  for (const listener of listeners) listener();
};

/** Whether a challenge is being solved now (for useSyncExternalStore). */
export const challengeSolving = {
  subscribe(listener: Listener) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  current: () => solving > 0,
};

/** One solve starts (1) or ends (-1). */
export const showSolving = (change: 1 | -1) => {
  solving += change;
  notify();
};
