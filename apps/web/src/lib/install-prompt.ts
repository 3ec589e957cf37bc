/**
 * Spec §2 "Install dialog", §3 client state "Install: a prompt (data) and an ip flag with stat and
 * prompt_type". `prompt` is the browser's deferred install offer (its `beforeinstallprompt` event);
 * `ip.stat` says whether the dialog is showing and `ip.prompt_type` which variant.
 */

/** 'first': offered on the landing page; 'logout': offered before the visitor logs out. */
export type InstallPromptType = 'first' | 'logout';

/** Chromium's install offer; not in TypeScript's DOM types because only some browsers have it. */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<unknown>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform?: string }>;
}

export interface InstallState {
  prompt: BeforeInstallPromptEvent | null;
  ip: { stat: boolean; prompt_type: InstallPromptType };
}

/**
 * Asks for the install dialog from outside React (e.g. a logout action in a page of the same
 * origin): `window.dispatchEvent(new CustomEvent('hub:offer-install', { detail: { type: 'logout' } }))`.
 */
export const OFFER_INSTALL_EVENT = 'hub:offer-install';

/** Once the visitor has closed the first-visit offer, it is not offered again in that tab's session. */
const FIRST_OFFER_CLOSED_KEY = 'hub_install_offer_closed';

const cleared: InstallState = { prompt: null, ip: { stat: false, prompt_type: 'first' } };
let state: InstallState = cleared;
const listeners = new Set<() => void>();

const setState = (next: InstallState) => {
  state = next;
  for (const listener of listeners) listener();
};

export const installState = (): InstallState => state;

export const subscribeInstallState = (listener: () => void): (() => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

const sessionFlag = {
  get: () => {
    try {
      return window.sessionStorage.getItem(FIRST_OFFER_CLOSED_KEY) !== null;
    } catch {
      // Storage refused (a private mode): offering again is harmless.
      return false;
    }
  },
  set: () => {
    try {
      window.sessionStorage.setItem(FIRST_OFFER_CLOSED_KEY, '1');
    } catch (error) {
      console.warn('Session storage is not available; the install offer may show again.', error);
    }
  },
};

/**
 * Shows the install dialog of the given type, if the browser has offered installation. The
 * first-visit type is shown at most once per tab session. Answers whether the dialog shows.
 */
export const offerInstall = (type: InstallPromptType): boolean => {
  if (!state.prompt) return false;
  if (state.ip.stat) return state.ip.prompt_type === type;
  if (type === 'first' && sessionFlag.get()) return false;
  setState({ ...state, ip: { stat: true, prompt_type: type } });
  return true;
};

/** Spec §2: closing the dialog clears the prompt state. */
export const clearInstallPrompt = (): void => {
  if (state.ip.stat && state.ip.prompt_type === 'first') sessionFlag.set();
  setState(cleared);
};

const isOfferRequest = (event: Event): event is CustomEvent<{ type?: unknown }> =>
  event instanceof CustomEvent;

/**
 * Listens for the browser's install offer from the start (it can come before React renders): keeps
 * it instead of letting the browser show its own banner, and forgets it once the app is installed.
 */
export const captureInstallPrompt = (target: Window): void => {
  target.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    setState({ ...state, prompt: event as BeforeInstallPromptEvent });
  });
  target.addEventListener('appinstalled', () => setState(cleared));
  target.addEventListener(OFFER_INSTALL_EVENT, (event) => {
    const type = isOfferRequest(event) ? event.detail?.type : undefined;
    offerInstall(type === 'logout' ? 'logout' : 'first');
  });
};
