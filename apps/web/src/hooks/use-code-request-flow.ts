import {
  ACCOUNT_STEP,
  type AccountCheck,
  type CodeSent,
  errorMessage,
  isBusyStep,
  type MessageScreen,
  NEXT_STEP,
  type RedirectAnswer,
} from '@hub/core';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { ApiResult } from '../api/client';
import {
  CODE_STEP_PARAM,
  CODE_STEP_VALUE,
  codeSentFrom,
  forgetCode,
  memoryKey,
  recallCode,
  rememberCode,
  stillCounting,
} from '../lib/code-step-memory';
import { useApiProblem } from './use-api-problem';
import { useField } from './use-field';
import { useStableCallback } from './use-stable-callback';
import { useStepFocus } from './use-step-focus';

/** Spec §4: busy while the code is being requested. */
export const REQUESTING_CODE_STEP = 10;

interface CodeRequestOptions {
  /** The local account rule of the screen (core: checkSignupAccount or checkAccountInput). */
  check: (input: string) => AccountCheck;
  /** Asks the server to send a code to the account. */
  request: (account: string) => Promise<ApiResult<CodeSent | RedirectAnswer>>;
  /** The account field's starting value (e.g. carried by sainfo); never submitted by itself. */
  initialAccount?: string | undefined;
  /** The screen whose wording its errors take (reset: 'Account does not exist.'). */
  screen?: MessageScreen | undefined;
}

/** The location with the code step's parameter set or removed. */
const withCodeStep = (location: { pathname: string; search: string; hash: string }, on: boolean) => {
  const params = new URLSearchParams(location.search);
  if (on) params.set(CODE_STEP_PARAM, CODE_STEP_VALUE);
  else params.delete(CODE_STEP_PARAM);
  const query = params.toString();
  return `${location.pathname}${query ? `?${query}` : ''}${location.hash}`;
};

/**
 * Spec §3 "Sign-up and reset" state, §4 "Sign-up" and "Reset password": step 1 asks for the
 * account and requests a code, step 2 is the code step (see use-code-verification). The code step
 * has a URL of its own, `?step=code` on the screen's (lib/code-step-memory): Back returns to the
 * account step, reload and Forward to the code step, and the same account asked for again while
 * the countdown runs returns to the code already sent.
 */
export const useCodeRequestFlow = ({ check, request, initialAccount, screen }: CodeRequestOptions) => {
  const location = useLocation();
  const navigate = useNavigate();
  const key = memoryKey(location.pathname, location.search);
  const inUrl = new URLSearchParams(location.search).get(CODE_STEP_PARAM) === CODE_STEP_VALUE;
  // A reload on the code step: the code this tab was sent, if it still lives.
  const [reloaded] = useState(() => (inUrl ? recallCode(key, Date.now()) : undefined));
  const [sent, setSent] = useState<CodeSent | null>(() =>
    reloaded ? codeSentFrom(reloaded, Date.now()) : null,
  );
  const [step, setStep] = useState(sent ? NEXT_STEP : ACCOUNT_STEP);
  // After a reload on the code step, Back shows the account that was typed.
  const account = useField(initialAccount ?? reloaded?.input);
  const { problem, dismiss, show } = useApiProblem(screen);
  const fieldRef = useStepFocus<HTMLInputElement>(step === REQUESTING_CODE_STEP ? ACCOUNT_STEP : step);
  // Whether this screen put `?step=code` in the history itself (so leaving the step is a Back).
  const pushed = useRef(false);
  const current = useRef({ sent, location });
  current.current = { sent, location };

  // The URL leads: Back (or a link without the step) shows the account step; Forward or a reload
  // with the step shows the code step again while this tab remembers its code, else drops the step.
  useEffect(() => {
    if (!inUrl) {
      pushed.current = false;
      if (current.current.sent) {
        setSent(null);
        setStep(ACCOUNT_STEP);
      }
      return;
    }
    if (current.current.sent) return;
    const remembered = recallCode(key, Date.now());
    if (remembered) {
      setSent(codeSentFrom(remembered, Date.now()));
      setStep(NEXT_STEP);
    } else navigate(withCodeStep(current.current.location, false), { replace: true });
  }, [inUrl, key, navigate]);

  const showCodeStep = (next: CodeSent) => {
    setSent(next);
    setStep(NEXT_STEP);
    if (!inUrl) {
      pushed.current = true;
      navigate(withCodeStep(location, true));
    }
  };

  const back = useStableCallback(() => {
    dismiss();
    forgetCode(key);
    setSent(null);
    setStep(ACCOUNT_STEP);
    if (!inUrl) return;
    if (pushed.current) navigate(-1);
    else navigate(withCodeStep(location, false), { replace: true });
  });

  /** The code step is done (verified): a later visit starts from the account step. */
  const forget = useStableCallback(() => forgetCode(key));

  /** A fresh code went out from the code step: its countdown is remembered for a reload. */
  const resent = useStableCallback((resendAfter: number) => {
    if (!sent) return;
    const remembered = recallCode(key, Date.now());
    rememberCode(key, { ...sent, resendAfter }, remembered?.input ?? account.value, Date.now());
  });

  /** Submits the field, or `input` when given (the ubr_profile entry fills and submits at once). */
  const submit = useStableCallback(async (input?: string) => {
    if (isBusyStep(step)) return;
    dismiss();
    const value = input ?? account.value;
    if (input !== undefined) account.change(input);
    const checked = check(value);
    if (!checked.ok) {
      account.fail(errorMessage(checked.code, undefined, screen));
      fieldRef.current?.focus();
      return;
    }
    // The same account again while 'Resend code after N sec.' counts: the code already sent.
    const remembered = recallCode(key, Date.now());
    if (remembered && stillCounting(remembered, value, Date.now())) {
      showCodeStep(codeSentFrom(remembered, Date.now()));
      return;
    }
    setStep(REQUESTING_CODE_STEP);
    const result = await request(value.trim());
    if (!result.ok) {
      setStep(ACCOUNT_STEP);
      if (show(result.error, { account: account.fail }, { retry: () => submit() })) fieldRef.current?.focus();
      return;
    }
    const answer = result.data;
    if (answer.next === 'redirect') {
      window.location.assign(answer.location);
      return;
    }
    rememberCode(key, answer, value, Date.now());
    showCodeStep(answer);
  });

  return { step, sent, account, fieldRef, problem, dismiss, submit, back, forget, resent };
};
