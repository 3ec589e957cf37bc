import { decodeToolSession, encodeToolSession, TOOL_SESSION_STORAGE_KEY, type ToolSession } from '@hub/core';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { browserStorage } from '../lib/tool-session';

/** What a screen shows of the partner tool a user came from. */
export interface ToolDisplay {
  name: string;
  /** tinfo[0].logo as the tool session carries it; ToolLogo decides whether it may be shown. */
  logo: string | undefined;
}

/** Spec §3: the tool is the tool session's first tinfo item. */
export const toolDisplayOf = (session: ToolSession): ToolDisplay | undefined => {
  const info = session.tinfo[0];
  return info ? { name: info.name, logo: info.logo || undefined } : undefined;
};

const decoded = (raw: string | null | undefined): ToolSession | undefined => {
  const session = decodeToolSession(raw);
  return session.ok ? session.value : undefined;
};

/** The tool session kept by /sso/rqx (spec §3 pm_tool_session), if it is readable. */
const storedToolSession = (): ToolSession | undefined =>
  decoded(browserStorage()?.getItem(TOOL_SESSION_STORAGE_KEY));

/**
 * Login and sign-up coming from a tool: the tool named by the `from` tool session, else by the
 * `tool_auth` parameter (spec §4: a type-1 tool key sends it with the tool's name). Display only;
 * the server re-derives the tool from its registry (docs/security.md "Query-string state").
 */
export const useToolFromQuery = (): ToolDisplay | undefined => {
  const [params] = useSearchParams();
  const from = params.get('from');
  const toolAuth = params.get('tool_auth')?.trim().slice(0, 200);
  return useMemo(() => {
    const session = decoded(from);
    const tool = session && toolDisplayOf(session);
    if (tool) return tool;
    return toolAuth ? { name: toolAuth, logo: undefined } : undefined;
  }, [from, toolAuth]);
};

/**
 * Spec §2 tool login: the tool session the login is for, from `from` or else the one kept under
 * pm_tool_session, with its encoded text for the login's `context.from`. Undefined without either.
 */
export const useToolLoginSession = (): { from: string; tool: ToolDisplay | undefined } | undefined => {
  const [params] = useSearchParams();
  const from = params.get('from');
  return useMemo(() => {
    const fromQuery = decoded(from);
    if (fromQuery && from !== null) return { from, tool: toolDisplayOf(fromQuery) };
    const stored = storedToolSession();
    return stored ? { from: encodeToolSession(stored), tool: toolDisplayOf(stored) } : undefined;
  }, [from]);
};
