import type { ApiError, ErrorCode } from '@hub/core';
import { useCallback, useState } from 'react';

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
 * banner with 'Try again'.
 */
export const useApiProblem = () => {
  const [problem, setProblem] = useState<Problem | null>(null);
  const dismiss = useCallback(() => setProblem(null), []);

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
        failField(error.message);
        return field;
      }
      const action = (flowGoneCodes.includes(error.code) && actions.restart) || actions.retry;
      setProblem({
        message: error.message,
        tryAgain: () => {
          setProblem(null);
          action();
        },
      });
      return undefined;
    },
    [],
  );

  return { problem, dismiss, show };
};
