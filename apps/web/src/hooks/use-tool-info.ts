import { TOOL_SESSION_STORAGE_KEY, type ToolDisplayAnswer } from '@hub/core';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { readToolDisplay } from '../api/sso';
import { browserStorage } from '../lib/tool-session';

/** What a screen shows of the partner tool a user came from. */
export interface ToolDisplay {
  name: string;
  /** tinfo[0].logo as the hub read it from the tool session; ToolLogo decides whether it may be shown. */
  logo: string | undefined;
}

/** Spec §3: the tool is the tool session's first tinfo item, as the hub's answer names it. */
const displayOf = (answer: ToolDisplayAnswer | undefined): ToolDisplay | undefined =>
  answer?.tool ? { name: answer.tool.name, logo: answer.tool.logo || undefined } : undefined;

/**
 * The hub's reading of a `from` tool session (GET /api/sso/tool), undefined until it answers or
 * when there is none. The page never decodes `from` itself (docs/architecture.md).
 */
export const useToolSessionAnswer = (from: string | null): ToolDisplayAnswer | undefined => {
  const [answer, setAnswer] = useState<{ from: string; answer: ToolDisplayAnswer } | undefined>();
  useEffect(() => {
    if (!from) return;
    const controller = new AbortController();
    readToolDisplay(from, { signal: controller.signal }).then((result) => {
      if (!controller.signal.aborted && result.ok) setAnswer({ from, answer: result.data });
    });
    return () => controller.abort();
  }, [from]);
  return from && answer?.from === from ? answer.answer : undefined;
};

/** The tool a `from` tool session names, once the hub has read it. */
export const useToolOfSession = (from: string | null): ToolDisplay | undefined =>
  displayOf(useToolSessionAnswer(from));

/**
 * Login and sign-up coming from a tool: the tool named by the `from` tool session, else by the
 * `tool_auth` parameter (spec §4: a type-1 tool key sends it with the tool's name). Display only;
 * the server re-derives the tool from its registry (docs/security.md "Query-string state").
 */
export const useToolFromQuery = (): ToolDisplay | undefined => {
  const [params] = useSearchParams();
  const toolAuth = params.get('tool_auth')?.trim().slice(0, 200);
  const tool = useToolOfSession(params.get('from'));
  if (tool) return tool;
  return toolAuth ? { name: toolAuth, logo: undefined } : undefined;
};

export type ToolLoginSession =
  | { kind: 'loading' }
  | { kind: 'none' }
  | { kind: 'ready'; from: string; tool: ToolDisplay | undefined };

/**
 * Spec §2 tool login: the tool session the login is for, from `from` or else the one kept under
 * pm_tool_session, with its text for the login's `context.from`; `none` when neither is one (as
 * the hub reads them). When the hub cannot be asked, the session is used as it is: the hub checks
 * it again at the login.
 */
export const useToolLoginSession = (): ToolLoginSession => {
  const [params] = useSearchParams();
  const from = params.get('from');
  const [state, setState] = useState<{ from: string | null; session: ToolLoginSession }>();
  useEffect(() => {
    const candidates = [from, browserStorage()?.getItem(TOOL_SESSION_STORAGE_KEY)].filter(
      (raw): raw is string => Boolean(raw),
    );
    const controller = new AbortController();
    const resolve = async (): Promise<ToolLoginSession> => {
      for (const raw of candidates) {
        const result = await readToolDisplay(raw, { signal: controller.signal });
        if (!result.ok) return { kind: 'ready', from: raw, tool: undefined };
        if (result.data.session) return { kind: 'ready', from: raw, tool: displayOf(result.data) };
      }
      return { kind: 'none' };
    };
    resolve().then((session) => {
      if (!controller.signal.aborted) setState({ from, session });
    });
    return () => controller.abort();
  }, [from]);
  return state && state.from === from ? state.session : { kind: 'loading' };
};
