import { useSyncExternalStore } from 'react';
import { type InstallState, installState, subscribeInstallState } from '../lib/install-prompt';

/** The install prompt state (spec §3): the browser's offer, and whether and how the dialog shows. */
export const useInstallPrompt = (): InstallState =>
  useSyncExternalStore(subscribeInstallState, installState, installState);
