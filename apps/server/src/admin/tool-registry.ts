import type {
  AdminToolChange,
  AdminToolPage,
  AdminToolSummary,
  AppEnv,
  adminToolChangeSchema,
  adminToolCreateSchema,
  adminToolUpdateSchema,
  Platform,
} from '@hub/core';
import type { z } from 'zod';
import { HubError } from '../errors.js';
import type { Hub } from '../hub.js';
import { type AuditEvent, recordAudit } from '../services/audit.js';
import {
  type Checked,
  checkCallbackName,
  checkCallbackUrl,
  checkEnv,
  checkGrace,
  checkLogo,
  checkPathPrefix,
  checkTid,
  checkToolName,
  checkToolType,
  checkTsaKey,
} from '../services/registry-checks.js';
import { localCatalogue } from '../sso/catalogue.js';
import { newToolCredential, registerTool } from '../sso/credentials.js';
import { platformOfTool } from '../sso/server-caller.js';
import type { Db } from '../storage/db.js';
import { createToolQueries, type ToolCallbackRow, type ToolQueries, type ToolRow } from '../storage/tools.js';
import type { ActionBy } from './actions.js';

/**
 * The tool registry's rules and its changes, shared by `hub tools` (cli/tool-registry.ts,
 * cli/tool-links.ts) and the console (admin/tools.ts): each checked by the same pure checks
 * (services/registry-checks.ts), written in one transaction with its audit row (the acting
 * operator, null from the command line, `via` and the reason).
 */

/**
 * Why a tool's callbacks change only when asked for again (`--force`, the console's confirm): a
 * platform's (Personal, Business) decide where that platform's sign-ins go, and a seeded tool's are
 * what the demo tool and a fresh clone rely on. A mistyped tid must not quietly redirect them.
 */
export type ToolProtection = { kind: 'platform'; platform: Platform } | { kind: 'seeded' } | undefined;

export const toolProtection = (tool: ToolRow, appEnv: AppEnv): ToolProtection => {
  const platform = platformOfTool(tool.tid, appEnv);
  if (platform) return { kind: 'platform', platform };
  const seeded = localCatalogue.some((entry) => entry.tid === tool.tid && entry.name === tool.name);
  return seeded ? { kind: 'seeded' } : undefined;
};

/**
 * Spec §3: the first callback is the checkout URL where there is one, so a new name goes last
 * unless the operator says otherwise, and a replaced one keeps its place.
 */
export const callbackPosition = (
  existing: readonly ToolCallbackRow[],
  name: string,
  position: number | undefined,
): number =>
  position ??
  existing.find((callback) => callback.name === name)?.position ??
  Math.max(-1, ...existing.map((callback) => callback.position)) + 1;

/**
 * A new credential for the tool. Without a grace the old one stops working at once (what a leaked
 * secret needs); with one it keeps working that long, so the tool can deploy the new secret without
 * an outage. Only the last replaced credential has a grace.
 */
export const rotateToolCredential = async (
  tools: ToolQueries,
  tool: ToolRow,
  graceMs: number,
  at: number,
) => {
  const { credential, hash } = newToolCredential(tool.tid);
  const grace = graceMs > 0 && tool.credential_hash !== null;
  await tools.update(tool.tid, {
    credential_hash: hash,
    previous_credential_hash: grace ? tool.credential_hash : null,
    previous_credential_expires_at: grace ? at + graceMs : null,
    updated_at: at,
  });
  return { credential, previousCredentialUntil: grace ? at + graceMs : null };
};

/** A check's value, or the console's 400 naming the field refused. */
const checked = <T>(result: Checked<T>, field: string): T => {
  if (!result.ok) throw new HubError('admin.value_invalid', { field });
  return result.value;
};

const required = <T>(value: T | undefined, field: string): T => {
  if (value === undefined) throw new HubError('admin.value_invalid', { field });
  return value;
};

const toolOrNotFound = async (tools: ToolQueries, tid: number) => {
  const tool = await tools.findByTid(tid);
  if (!tool) throw new HubError('admin.tool_not_found');
  return tool;
};

const audit = (
  trx: Db,
  hub: Hub,
  by: ActionBy,
  event: AuditEvent,
  tid: number,
  extra: Record<string, string | number | boolean | null> = {},
  accountId: string | null = null,
) =>
  recordAudit(
    trx,
    {
      event,
      outcome: 'success',
      accountId,
      from: by.from,
      detail: { operator: by.operatorId, via: by.via, reason: by.reason, tid, ...extra },
    },
    hub.now(),
  );

const summaryOf = (tool: ToolRow, keys: { tsa_key: string }[]): AdminToolSummary => ({
  tid: tool.tid,
  name: tool.name,
  type: tool.type,
  logo: tool.logo,
  pathPrefix: tool.path_prefix,
  requireSecondFactor: tool.require_second_factor === 1,
  keys: keys.map((key) => key.tsa_key),
  credentialSet: tool.credential_hash !== null,
});

/** Every tool with its tsa keys: never a credential, only whether one is set. */
export const listTools = async (hub: Hub): Promise<{ tools: AdminToolSummary[] }> => {
  const tools = createToolQueries(hub.db);
  const rows = await tools.list();
  return {
    tools: await Promise.all(rows.map(async (tool) => summaryOf(tool, await tools.keysOf(tool.tid)))),
  };
};

/** The most members a tool's page lists (a restricted tool may have many; the CLI lists them all). */
export const TOOL_PAGE_MEMBERS = 200;

export const toolPage = async (hub: Hub, tid: number): Promise<AdminToolPage> => {
  const tools = createToolQueries(hub.db);
  const tool = await toolOrNotFound(tools, tid);
  const [keys, callbacks, members] = await Promise.all([
    tools.keysOf(tid),
    tools.allCallbacks(tid),
    tools.members(tid, TOOL_PAGE_MEMBERS + 1),
  ]);
  const graceEnds = tool.previous_credential_expires_at;
  return {
    tool: {
      ...summaryOf(tool, keys),
      previousCredentialUntil:
        tool.previous_credential_hash && graceEnds !== null && graceEnds > hub.now() ? graceEnds : null,
      protectedAs: toolProtection(tool, hub.config.appEnv)?.kind ?? null,
    },
    callbacks: callbacks.map((c) => ({ env: c.env, name: c.name, position: c.position, url: c.url })),
    members: members
      .slice(0, TOOL_PAGE_MEMBERS)
      .map((m) => ({ id: m.id, email: m.email, since: Number(m.created_at) })),
    moreMembers: members.length > TOOL_PAGE_MEMBERS,
  };
};

type ToolCreate = z.infer<typeof adminToolCreateSchema>;
type ToolUpdate = z.infer<typeof adminToolUpdateSchema>;
type ToolChangeBody = z.infer<typeof adminToolChangeSchema>;

/** Registers a tool, as `hub tools add`; the answer holds its credential, the only time it is shown. */
export const createTool = async (hub: Hub, body: ToolCreate, by: ActionBy) => {
  const tid = checked(checkTid(String(body.tid)), 'tid');
  const name = checked(checkToolName(body.name), 'name');
  const type = checked(checkToolType(String(body.type)), 'type');
  const logo = body.logo ? checked(checkLogo(body.logo), 'logo') : null;
  const pathPrefix = checked(checkPathPrefix(body.pathPrefix ?? ''), 'pathPrefix');
  return hub.db.transaction().execute(async (trx) => {
    const tools = createToolQueries(trx);
    if (await tools.findByTid(tid)) throw new HubError('admin.tool_exists', { field: 'tid' });
    const at = hub.now();
    const credential = await registerTool(tools, { tid, name, type, logo, pathPrefix }, at);
    if (body.requireSecondFactor) await tools.update(tid, { require_second_factor: 1, updated_at: at });
    await audit(trx, hub, by, 'admin.tool_registered', tid, { name, type });
    return { tid, credential, previousCredentialUntil: null };
  });
};

/** Changes a tool's record, as `hub tools update` (an empty or null logo clears it). */
export const updateTool = async (hub: Hub, tid: number, body: ToolUpdate, by: ActionBy) => {
  const changes: Partial<ToolRow> = {};
  if (body.name !== undefined) changes.name = checked(checkToolName(body.name), 'name');
  if (body.type !== undefined) changes.type = checked(checkToolType(String(body.type)), 'type');
  if (body.logo !== undefined) changes.logo = body.logo ? checked(checkLogo(body.logo), 'logo') : null;
  if (body.pathPrefix !== undefined)
    changes.path_prefix = checked(checkPathPrefix(body.pathPrefix), 'pathPrefix');
  if (body.requireSecondFactor !== undefined)
    changes.require_second_factor = body.requireSecondFactor ? 1 : 0;
  const fields = Object.keys(changes);
  if (fields.length === 0) throw new HubError('admin.value_invalid', { field: 'name' });
  await hub.db.transaction().execute(async (trx) => {
    const tools = createToolQueries(trx);
    await toolOrNotFound(tools, tid);
    await tools.update(tid, { ...changes, updated_at: hub.now() });
    await audit(trx, hub, by, 'admin.tool_updated', tid, { fields: fields.join(' ') });
  });
  return toolPage(hub, tid);
};

/** The account a member change names: its email (any case) or its id. */
const memberAccount = async (hub: Hub, trx: Db, input: string | undefined) => {
  const given = required(input?.trim() || undefined, 'account');
  // Read in the change's transaction: on SQLite it holds the one connection.
  const account = given.includes('@')
    ? await hub.accounts.findByIdentifier('email', given, trx)
    : await hub.accounts.findById(given, trx);
  if (!account) throw new HubError('account.not_found', { field: 'account' });
  return account;
};

type ChangeContext = {
  hub: Hub;
  trx: Db;
  tools: ToolQueries;
  tool: ToolRow;
  body: ToolChangeBody;
  by: ActionBy;
};

const refuseUnlessForced = ({ hub, tool, body }: ChangeContext) => {
  if (toolProtection(tool, hub.config.appEnv) && !body.force)
    throw new HubError('admin.tool_protected', { field: 'force' });
};

const setCallback = async (context: ChangeContext) => {
  const { hub, trx, tools, tool, body, by } = context;
  const env = checked(checkEnv(body.env), 'env');
  const url = checked(checkCallbackUrl(body.url, env), 'url');
  const name = checked(checkCallbackName(body.name ?? 'auth'), 'name');
  refuseUnlessForced(context);
  const position = callbackPosition(await tools.callbacks(tool.tid, env), name, body.position);
  await tools.setCallback({ tid: tool.tid, env, name, url, position });
  await audit(trx, hub, by, 'admin.tool_callback_set', tool.tid, { env, name, url, position });
  return { env, name, url, position };
};

const removeCallback = async (context: ChangeContext) => {
  const { hub, trx, tools, tool, body, by } = context;
  const env = checked(checkEnv(body.env), 'env');
  const name = checked(checkCallbackName(body.name ?? 'auth'), 'name');
  refuseUnlessForced(context);
  const result = await tools.removeCallback(tool.tid, env, name);
  if (!result.numDeletedRows) throw new HubError('admin.callback_not_found', { field: 'name' });
  await audit(trx, hub, by, 'admin.tool_callback_removed', tool.tid, { env, name });
  return { env, name, removed: true };
};

const addKey = async ({ hub, trx, tools, tool, body, by }: ChangeContext) => {
  const key = checked(checkTsaKey(body.key), 'key');
  const owner = await tools.findByKey(key);
  if (owner && owner.tid !== tool.tid) throw new HubError('admin.tsa_key_taken', { field: 'key' });
  if (!owner) {
    await tools.addKey(tool.tid, key, hub.now());
    await audit(trx, hub, by, 'admin.tool_key_added', tool.tid, { key });
  }
  return { key, added: !owner };
};

const removeKey = async ({ hub, trx, tools, tool, body, by }: ChangeContext) => {
  const key = checked(checkTsaKey(body.key), 'key');
  const owner = await tools.findByKey(key);
  if (!owner || owner.tid !== tool.tid) throw new HubError('admin.tsa_key_not_found', { field: 'key' });
  await tools.removeKey(key);
  await audit(trx, hub, by, 'admin.tool_key_removed', tool.tid, { key });
  return { key, removed: true };
};

const addMember = async ({ hub, trx, tools, tool, body, by }: ChangeContext) => {
  const account = await memberAccount(hub, trx, body.account);
  const added = await tools.addMember(tool.tid, account.id, hub.now(), trx);
  if (added) await audit(trx, hub, by, 'admin.tool_member_added', tool.tid, {}, account.id);
  return { account: account.id, email: account.email, added };
};

const removeMember = async ({ hub, trx, tools, tool, body, by }: ChangeContext) => {
  const account = await memberAccount(hub, trx, body.account);
  const result = await tools.removeMember(tool.tid, account.id);
  if (!result.numDeletedRows) throw new HubError('admin.member_not_found', { field: 'account' });
  await audit(trx, hub, by, 'admin.tool_member_removed', tool.tid, {}, account.id);
  return { account: account.id, email: account.email, removed: true };
};

const rotate = async ({ hub, trx, tools, tool, body, by }: ChangeContext) => {
  const graceMs = body.grace === undefined ? 0 : checked(checkGrace(body.grace), 'grace');
  const rotated = await rotateToolCredential(tools, tool, graceMs, hub.now());
  await audit(trx, hub, by, 'admin.tool_credential_rotated', tool.tid, {
    previousUntil: rotated.previousCredentialUntil,
  });
  return { tid: tool.tid, ...rotated };
};

const changes = {
  'set-callback': setCallback,
  'remove-callback': removeCallback,
  'add-key': addKey,
  'remove-key': removeKey,
  'add-member': addMember,
  'remove-member': removeMember,
  'rotate-credential': rotate,
} satisfies Record<AdminToolChange, (context: ChangeContext) => Promise<Record<string, unknown>>>;

type ChangeAnswer<C extends AdminToolChange> = Awaited<ReturnType<(typeof changes)[C]>>;

/**
 * One of a tool's changes, with its audit row: the console's, and the `hub tools` subcommand of
 * the same name (cli/tool-registry.ts, cli/tool-links.ts), which words the refusals its own way.
 */
export const changeTool = <C extends AdminToolChange>(
  hub: Hub,
  tid: number,
  change: C,
  body: ToolChangeBody,
  by: ActionBy,
): Promise<ChangeAnswer<C>> =>
  hub.db.transaction().execute(async (trx): Promise<ChangeAnswer<C>> => {
    const tools = createToolQueries(trx);
    const tool = await toolOrNotFound(tools, tid);
    const run = changes[change] as (context: ChangeContext) => Promise<ChangeAnswer<C>>;
    return run({ hub, trx, tools, tool, body, by });
  });

/**
 * Removes a tool with its tsa keys, callbacks and members (the tables cascade), as `hub tools
 * remove`; the console offers no removal yet. Its audit row keeps what went with it.
 */
export const removeTool = (hub: Hub, tid: number, by: ActionBy) =>
  hub.db.transaction().execute(async (trx) => {
    const tools = createToolQueries(trx);
    const tool = await toolOrNotFound(tools, tid);
    const keys = await tools.keysOf(tid);
    const callbacks = await tools.allCallbacks(tid);
    await tools.remove(tid);
    await audit(trx, hub, by, 'admin.tool_removed', tid, {
      name: tool.name,
      keys: keys.length,
      callbacks: callbacks.length,
    });
    return { tid, name: tool.name, tsaKeys: keys.length, callbacks: callbacks.length };
  });
