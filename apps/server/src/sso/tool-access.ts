import type { Platform } from '@hub/core';
import { emitAccountEvent } from '../events/emit.js';
import type { Hub } from '../hub.js';
import { type RequestOrigin, recordAudit } from '../services/audit.js';
import type { ToolRow } from '../storage/tools.js';

/**
 * Spec §3: type 1 is the open kind of tool, whose users sign in on the normal screens and join it
 * by doing so. Any other type is restricted: only its members get in, and members are added by its
 * operator (`hub tools add-member`), never by signing in or up through it.
 */
export const isRestrictedTool = (tool: Pick<ToolRow, 'type'>) => tool.type !== 1;

/**
 * Whether an account may go on to a tool, the one rule for the tool login's exit
 * (sso/tool-exit.ts) and for an OpenID Connect client linked to a tool (oidc/): `allow` a member of
 * a restricted tool, `join` anyone at an open tool (they become its member when the sign-in
 * completes), `refuse` a restricted tool's non-member, and a tool that is no longer registered.
 */
export type ToolAccess =
  | { decision: 'allow' | 'join'; tool: ToolRow }
  | { decision: 'refuse'; tool: ToolRow | undefined };

/**
 * The tool registry as one request reads it: each tool read once however many steps ask (the
 * second-factor requirement, tool access, the exit), so a sign-in through a tool reads its row once.
 */
export interface ToolReader {
  byTid(tid: number): Promise<ToolRow | undefined>;
  byKey(key: string): Promise<ToolRow | undefined>;
}

export const requestToolReader = (hub: Pick<Hub, 'tools'>): ToolReader => {
  const byTid = new Map<number, Promise<ToolRow | undefined>>();
  const byKey = new Map<string, Promise<ToolRow | undefined>>();
  const once = <K>(
    cache: Map<K, Promise<ToolRow | undefined>>,
    key: K,
    read: () => Promise<ToolRow | undefined>,
  ) => {
    let row = cache.get(key);
    if (!row) {
      row = read();
      cache.set(key, row);
      // A failed read is not kept: the error goes to its caller, and a later ask reads again.
      row.catch(() => cache.delete(key));
    }
    return row;
  };
  return {
    byTid: (tid) => once(byTid, tid, () => hub.tools.findByTid(tid)),
    byKey: (key) => once(byKey, key, () => hub.tools.findByKey(key)),
  };
};

/** Decides access for a tool row already read (one registry read per request that needs it). */
export const decideToolAccess = async (
  hub: Pick<Hub, 'tools'>,
  tool: ToolRow | undefined,
  accountId: string,
): Promise<ToolAccess> => {
  if (!tool) return { decision: 'refuse', tool };
  if (!isRestrictedTool(tool)) return { decision: 'join', tool };
  return (await hub.tools.isMember(tool.tid, accountId))
    ? { decision: 'allow', tool }
    : { decision: 'refuse', tool };
};

/** The same decision for a tool named by its id (an OpenID Connect client's `tid`). */
export const toolAccessByTid = async (hub: Pick<Hub, 'tools'>, tid: number, accountId: string) =>
  decideToolAccess(hub, await hub.tools.findByTid(tid), accountId);

/**
 * An open tool's new user joins it (idempotent: adding a member twice keeps one membership). A new
 * membership is told to the tool (`membership.added`) in the same transaction.
 */
export const joinTool = async (
  hub: Pick<Hub, 'db' | 'tools'>,
  access: ToolAccess,
  accountId: string,
  now: number,
) => {
  if (access.decision !== 'join') return;
  const { tid } = access.tool;
  await hub.db.transaction().execute(async (trx) => {
    if (await hub.tools.addMember(tid, accountId, now, trx))
      await emitAccountEvent(trx, { kind: 'membership.added', accountId, data: { tid } }, now);
  });
};

/**
 * The audit row of a refusal (`sso.tool_refused`), the same for every way in: the tool login's
 * exit (method: the sign-in's), an OpenID Connect sign-in or a silent authorization (method
 * `oidc`, with the client beside the tool).
 */
export const recordToolRefusal = (
  hub: Pick<Hub, 'db'>,
  refusal: {
    accountId: string | null;
    from: RequestOrigin | null;
    platform: Platform | string | null;
    method: string;
    tid: number | null;
    client?: string | null;
  },
  now: number,
) =>
  recordAudit(
    hub.db,
    {
      event: 'sso.tool_refused',
      outcome: 'refused',
      accountId: refusal.accountId,
      from: refusal.from,
      detail: {
        platform: refusal.platform,
        method: refusal.method,
        tool: refusal.tid,
        ...(refusal.client !== undefined ? { client: refusal.client } : {}),
      },
    },
    now,
  );
