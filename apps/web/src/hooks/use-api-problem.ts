import { type ApiError, apiErrorText, type ErrorCode, type MessageScreen } from '@hub/core';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** A failure shown in the banner, with the action behind its 'Try again' button. */
export interface Problem {
  message: string;
  tryAgain: () => void;
}

/** Errors after which repeating the call cannot help: the flow is gone, so the screen starts over. */
const flowGoneCodes: readonly string[] = ['flow.expired', 'flow.not_found'] satisfies ErrorCode[];

export interface ProblemActions {
  retry: () => void;
  /** Starts the screen's flow over; used for flow.expired and flow.not_found when given. */
  restart?: () => void;
}

/**
 * No failure is silent, unlike spec §8 (docs/security.md "Failures are never silent"). An error the server tied
 * to a field is shown under that field; anything else (no field, network, internal) goes into a
 * banner with 'Try again'. The text comes from the error's code and params through core's
 * catalogue, in the wording of `screen` (the reset screen's 'Account does not exist.'), never from
 * the server's English message. The banner's text follows the language when it is switched while
 * the banner shows.
 */
export const useApiProblem = (screen?: MessageScreen) => {
  const { i18n } = useTranslation();
  const [shown, setShown] = useState<{ error: ApiError; tryAgain: () => void } | null>(null);
  const dismiss = useCallback(() => setShown(null), []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: worded again when the language changes
  const problem = useMemo<Problem | null>(
    () => shown && { message: apiErrorText(shown.error, screen), tryAgain: shown.tryAgain },
    [shown, screen, i18n.resolvedLanguage],
  );

  /** Shows `error`; returns the field it was put under, or undefined when it went to the banner. */
  const show = useCallback(
    <F extends string>(
      error: ApiError,
      fields: Partial<Record<F, (message: string) => void>>,
      actions: ProblemActions,
    ): F | undefined => {
      const field = error.field as F | undefined;
      const failField = field === undefined ? undefined : fields[field];
      if (field !== undefined && failField) {
        failField(apiErrorText(error, screen));
        return field;
      }
      const action = (flowGoneCodes.includes(error.code) && actions.restart) || actions.retry;
      setShown({
        error,
        tryAgain: () => {
          setShown(null);
          action();
        },
      });
      return undefined;
    },
    [screen],
  );

  return { problem, dismiss, show };
};
