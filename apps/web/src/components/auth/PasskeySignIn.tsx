import type { FlowContext, Platform } from '@hub/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiProblem } from '../../hooks/use-api-problem';
import { useStableCallback } from '../../hooks/use-stable-callback';
import {
  cancelPasskeyPrompt,
  type PasskeyResult,
  passkeyAutofillSupported,
  passkeysSupported,
  signInWithPasskey,
} from '../../lib/passkey';
import { Spinner } from '../Spinner';
import { ProblemBanner } from './ProblemBanner';

interface PasskeySignInProps {
  platform: Platform;
  toolLogin?: boolean;
  context: FlowContext | undefined;
}

/**
 * A passkey as the whole sign-in, on the login's account step (docs/passkeys.md): the browser's
 * autofill offers the passkeys it holds for the hub in the account field (conditional mediation),
 * and 'Sign in with a passkey' asks for one in the browser's own prompt. Either way no password is
 * asked; the hub answers where the browser goes next. Hidden in a browser without WebAuthn.
 */
export const PasskeySignIn = ({ platform, toolLogin = false, context }: PasskeySignInProps) => {
  const { t } = useTranslation();
  const [supported] = useState(passkeysSupported);
  const [busy, setBusy] = useState(false);
  const [leaving, setLeaving] = useState(false);
  // Moved on after a prompt ends, so the autofill offer is made again.
  const [autofillRound, setAutofillRound] = useState(0);
  const { problem, dismiss, show } = useApiProblem();
  const request = { platform, ...(toolLogin ? { toolLogin } : {}), ...(context ? { context } : {}) };

  /** Leaves on success; shows a failure; a prompt the person closed needs no word. */
  const settle = useStableCallback((result: PasskeyResult<{ location: string }>, retry: () => void) => {
    if (result.ok) {
      setLeaving(true);
      window.location.assign(result.data.location);
      return;
    }
    if (!result.cancelled) show(result.error, {}, { retry });
  });

  const signIn = useStableCallback(async () => {
    if (busy || leaving) return;
    dismiss();
    setBusy(true);
    // Starting this prompt ends the autofill offer (one ceremony at a time).
    const result = await signInWithPasskey(request);
    setBusy(false);
    settle(result, signIn);
    if (!result.ok) setAutofillRound((round) => round + 1);
  });

  const contextKey = JSON.stringify(request);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new offer for a new round or context
  useEffect(() => {
    if (!supported) return;
    const controller = new AbortController();
    void (async () => {
      if (!(await passkeyAutofillSupported()) || controller.signal.aborted) return;
      const result = await signInWithPasskey(JSON.parse(contextKey), {
        autofill: true,
        signal: controller.signal,
      });
      if (controller.signal.aborted) return;
      // The offer could not be prepared (a throttle, the network) or the browser would not make it
      // (a headless or locked-down browser refuses conditional mediation): the button still works,
      // and says what is wrong when pressed; the person touched no passkey yet, so nothing is shown.
      if (!result.ok && !result.cancelled && (result.stage === 'options' || result.stage === 'browser')) {
        console.warn(`passkey autofill: not offered (${result.stage})`, result.error.code);
        return;
      }
      settle(result, () => setAutofillRound((round) => round + 1));
    })();
    return () => {
      controller.abort();
      cancelPasskeyPrompt();
    };
  }, [supported, autofillRound, contextKey]);

  if (!supported) return null;
  return (
    <>
      <button
        type="button"
        onClick={signIn}
        aria-busy={busy || undefined}
        aria-disabled={busy || leaving || undefined}
        data-testid="passkey-sign-in"
        className="flex h-11 w-full items-center justify-center gap-2.5 rounded-lg border border-slate-300 bg-white px-4 text-sm font-medium text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2"
      >
        {busy || leaving ? <Spinner size="sm" /> : <PasskeyMark />}
        <span>{t('login.passkey')}</span>
      </button>
      <ProblemBanner problem={problem} onDismiss={dismiss} />
    </>
  );
};

/** A key, for the passkey button. */
const PasskeyMark = () => (
  <svg
    aria-hidden="true"
    viewBox="0 0 24 24"
    className="size-5"
    fill="none"
    stroke="currentColor"
    strokeWidth="1.8"
  >
    <circle cx="8" cy="12" r="4" />
    <path d="M12 12h9m-3 0v3m-3-3v2" strokeLinecap="round" strokeLinejoin="round" />
  </svg>
);
