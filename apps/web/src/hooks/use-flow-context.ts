import type { FlowContext } from '@hub/core';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';

export type ContextKey = keyof FlowContext;

/**
 * Spec §2 "Query parameters by screen": the screen's query values, passed raw to the server as
 * `context` (it decodes them and decides; docs/security.md "Query-string state"). Undefined when none is present.
 */
export const useFlowContext = (keys: readonly ContextKey[]): FlowContext | undefined => {
  const [params] = useSearchParams();
  return useMemo(() => {
    const context: FlowContext = {};
    for (const key of keys) {
      const value = params.get(key);
      if (value !== null) context[key] = value;
    }
    return Object.keys(context).length > 0 ? context : undefined;
  }, [params, keys]);
};
