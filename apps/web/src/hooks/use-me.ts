import { type ApiError, errorMessage, type MeSummary, type PersonName } from '@hub/core';
import { useSyncExternalStore } from 'react';
import { readMeSummary } from '../lib/me-summary';

export type MeState =
  | { kind: 'loading' }
  /** No live hub session (401 session.required); `loggedOut` when this page just logged out. */
  | { kind: 'signed_out'; loggedOut?: true }
  | { kind: 'ready'; me: MeSummary }
  | { kind: 'failed'; error: ApiError };

/**
 * Who is signed in (GET /api/me), asked once per page load and shared by everything that shows it
 * (the header's account menu, the landing's cards, the account center): one small store outside
 * React, so a second component does not ask again. `refresh` asks again; a sign-out or a change of
 * name updates it directly.
 */
let state: MeState = { kind: 'loading' };
let asked = false;
let attempt = 0;
const listeners = new Set<() => void>();

const set = (next: MeState) => {
  state = next;
  for (const listener of listeners) listener();
};

type Answer = { kind: 'ready'; me: MeSummary } | { kind: 'signed_out' } | { kind: 'failed'; error: ApiError };

/**
 * One plain request first (no API module, no zod: the header asks on the landing page too, whose
 * first load stays within its budget, docs/performance.md); the answer is checked by hand. Anything
 * but a well-formed summary or a 401 is asked again through the contract-checked client, which
 * words the failure.
 */
const loadSummary = async (): Promise<Answer> => {
  try {
    const response = await fetch('/api/me', {
      credentials: 'same-origin',
      headers: { Accept: 'application/json' },
    });
    if (response.status === 401) return { kind: 'signed_out' };
    if (response.ok) {
      const me = readMeSummary(await response.json());
      if (me) return { kind: 'ready', me };
    }
  } catch {
    // Asked again below, where the failure is worded and logged.
  }
  let meApi: typeof import('../api/me').meApi;
  try {
    ({ meApi } = await import('../api/me'));
  } catch {
    // Offline before the module was ever loaded (the service worker caches the shell, not every
    // chunk): say the server is out of reach, as the client would, rather than fail unhandled.
    // core's messages module (errorMessage) is zod-free and on the landing already (PlatformCards).
    return {
      kind: 'failed',
      error: { code: 'network.unreachable', message: errorMessage('network.unreachable') },
    };
  }
  const result = await meApi.summary();
  if (result.ok) return { kind: 'ready', me: result.data };
  if (result.error.code === 'session.required') return { kind: 'signed_out' };
  return { kind: 'failed', error: result.error };
};

const load = () => {
  asked = true;
  const mine = ++attempt;
  loadSummary().then((answer) => {
    // A later refresh (or a sign-out meanwhile) wins over an older answer.
    if (mine === attempt) set(answer);
  });
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  if (!asked) load();
  return () => listeners.delete(listener);
};
const snapshot = () => state;

export const meStore = {
  /** Asks again (after a failure, or when the session may have changed). */
  refresh: () => {
    if (state.kind !== 'ready') set({ kind: 'loading' });
    load();
  },
  /**
   * The session has ended (an answer said so), or this page logged out (`loggedOut`: the log-out
   * decides where the browser goes, so the account center does not send it to log in).
   */
  signedOut: (loggedOut = false) => {
    attempt += 1;
    asked = true;
    set(loggedOut ? { kind: 'signed_out', loggedOut: true } : { kind: 'signed_out' });
  },
  /** The name as the server now stores it: shown at once, and the summary (initials) asked again. */
  renamed: (name: PersonName) => {
    if (state.kind === 'ready') set({ kind: 'ready', me: { ...state.me, name } });
    load();
  },
  /** Tests only: forget everything, so the next subscriber asks again. */
  reset: () => {
    attempt += 1;
    asked = false;
    state = { kind: 'loading' };
  },
};

/** The shared state of who is signed in, and `refresh` to ask again. */
export const useMe = () => {
  const current = useSyncExternalStore(subscribe, snapshot, snapshot);
  return { state: current, refresh: meStore.refresh };
};
