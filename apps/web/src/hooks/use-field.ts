import { useCallback, useMemo, useState } from 'react';

export interface Field {
  value: string;
  /** The message shown under the field, if any. */
  error: string | undefined;
  /** Spec §5: each keystroke resets the field's error. */
  change: (value: string) => void;
  fail: (message: string) => void;
  reset: () => void;
}

/** Spec §3 "Account input": one input's value and its error message (stat and msg). */
export const useField = (initial = ''): Field => {
  const [state, setState] = useState<{ value: string; error?: string }>({ value: initial });
  const change = useCallback((value: string) => setState({ value }), []);
  const fail = useCallback((error: string) => setState((current) => ({ ...current, error })), []);
  const reset = useCallback(() => setState({ value: '' }), []);
  return useMemo(
    () => ({ value: state.value, error: state.error, change, fail, reset }),
    [state, change, fail, reset],
  );
};
