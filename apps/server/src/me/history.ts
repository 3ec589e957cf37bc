import { describeUserAgent, isPlatform, type MeSignIn, type MeSignInPage, type SignInKind } from '@hub/core';
import type { SignedInPerson } from '../http/signed-in.js';
import type { Hub } from '../hub.js';
import type { AuditEvent } from '../services/audit.js';
import { createAuditQueries } from '../storage/audit.js';

/**
 * The audit events that are a sign-in of the account or an attempt on it, and how the history
 * words each: a finished sign-in or sign-up (the sign-in pipeline writes them), a wrong password in any
 * flow that asks for the account's password (login, switching, linking, the default platform), and
 * a sign-in that a restricted tool refused.
 */
const kindOf: Partial<Record<AuditEvent, SignInKind>> = {
  'login.success': 'sign_in',
  'signup.completed': 'sign_up',
  'login.failure': 'wrong_password',
  'switching.failure': 'wrong_password',
  'linking.failure': 'wrong_password',
  'default_platform.failure': 'wrong_password',
  'sso.tool_refused': 'tool_refused',
};
export const signInEvents = Object.keys(kindOf) as AuditEvent[];

const DEFAULT_PAGE = 20;
const outcomes = ['success', 'failure', 'refused'] as const;

const parseDetail = (text: string): Record<string, unknown> => {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  } catch {
    // Written by recordAudit as JSON; a row that is not is shown without its details.
    return {};
  }
};

/**
 * The person's own sign-ins and failed attempts, newest first, `limit` at a time (`before`: the
 * previous page's cursor). Only rows of this account: an attempt on an account that does not exist
 * has no account, and another account's rows never match.
 */
export const listSignIns = async (
  hub: Hub,
  { account }: SignedInPerson,
  query: { before?: number | undefined; limit?: number | undefined },
): Promise<MeSignInPage> => {
  await hub.throttle.consume('meDevicesReadPerAccount', account.id);
  const limit = query.limit ?? DEFAULT_PAGE;
  const rows = await createAuditQueries(hub.db).ofAccount(account.id, signInEvents, {
    ...(query.before === undefined ? {} : { before: query.before }),
    limit: limit + 1,
  });
  const page = rows.slice(0, limit);
  const names = await toolNames(
    hub,
    page.map((row) => parseDetail(row.detail).tool),
  );
  const signIns = page.map((row): MeSignIn => {
    const detail = parseDetail(row.detail);
    const kind = kindOf[row.event as AuditEvent] ?? 'sign_in';
    const tid = typeof detail.tool === 'number' ? detail.tool : null;
    return {
      id: row.id,
      at: row.at,
      kind,
      outcome: outcomes.find((o) => o === row.outcome) ?? 'failure',
      method:
        kind === 'wrong_password' ? 'password' : typeof detail.method === 'string' ? detail.method : null,
      platform: typeof detail.platform === 'string' && isPlatform(detail.platform) ? detail.platform : null,
      tool: tid === null ? null : { tid, name: names.get(tid) ?? `Tool ${tid}` },
      device: describeUserAgent(row.user_agent).words,
      ip: row.ip,
    };
  });
  return { signIns, nextBefore: rows.length > limit ? (page.at(-1)?.id ?? null) : null };
};

/** The registry's names of the tools a page names (a removed tool keeps its number). */
export const toolNames = async (hub: Hub, tids: unknown[]) => {
  const wanted = [...new Set(tids.filter((t): t is number => typeof t === 'number' && t > 0))];
  const found = await Promise.all(wanted.map((tid) => hub.tools.findByTid(tid)));
  return new Map(found.flatMap((tool) => (tool ? [[tool.tid, tool.name] as const] : [])));
};
