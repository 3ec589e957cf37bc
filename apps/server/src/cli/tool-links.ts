import { isTsaKey, platformProductNames } from '@hub/core';
import { changeTool, toolProtection } from '../admin/tool-registry.js';
import {
  checkCallbackName,
  checkCallbackUrl,
  checkEnv,
  checkPosition,
  checkTid,
  checkTsaKey,
} from '../services/registry-checks.js';
import type { ToolRow } from '../storage/tools.js';
import { asCommand, hubOf, registryActor } from './console-context.js';
import { accepted, type CommandContext, type Subcommand } from './context.js';
import { failure, parseCommand } from './io.js';
import { findTool, noTool, REASON_OPTION } from './tool-registry.js';

/**
 * How the hub reaches a tool: its callbacks per environment and the tsa keys that name it. Each
 * change is the console's own (admin/tool-registry.ts changeTool), with its audit row.
 */

/** Why changing this tool's callbacks needs --force, if it does (admin/tool-registry.ts toolProtection). */
const protectedBecause = (tool: ToolRow, context: CommandContext): string | undefined => {
  const protection = toolProtection(tool, context.config.appEnv);
  if (protection?.kind === 'platform') {
    const product = platformProductNames[protection.platform];
    return `Tool ${tool.tid} is the ${product} platform (${tool.name}): its callbacks decide where ${product} sign-ins go.`;
  }
  if (protection?.kind === 'seeded')
    return `Tool ${tool.tid} (${tool.name}) is a tool of the seeded local catalogue: the demo tool and every sign-in branch rely on its callbacks.`;
  return undefined;
};

const refuseUnlessForced = (tool: ToolRow, context: CommandContext, force: boolean | undefined) => {
  const reason = protectedBecause(tool, context);
  if (reason && !force)
    throw failure(
      `${reason} Nothing was changed. If you mean to change them, run the command again with --force.`,
    );
  if (reason) context.out(`Changing it anyway (--force): ${reason}`);
};

/** `set-callback TID --env ENV --url URL [--name auth] [--position N] [--force]` */
const setCallback: Subcommand = (args) => {
  const { values, positionals } = parseCommand(
    args,
    {
      env: { type: 'string' },
      url: { type: 'string' },
      name: { type: 'string' },
      position: { type: 'string' },
      force: { type: 'boolean' },
      ...REASON_OPTION,
    },
    ['TID'],
  );
  const tid = accepted(checkTid(positionals[0]));
  const env = accepted(checkEnv(values.env));
  const url = accepted(checkCallbackUrl(values.url, env));
  const name = accepted(checkCallbackName(values.name ?? 'auth'));
  const position = values.position === undefined ? undefined : accepted(checkPosition(values.position));
  const by = registryActor(values.reason);
  return async (context: CommandContext) => {
    const { out } = context;
    const hub = hubOf(context);
    const tool = await findTool(hub.tools, tid);
    refuseUnlessForced(tool, context, values.force);
    // What it replaces and what shares its place, for the operator (the change reads them again).
    const existing = await hub.tools.callbacks(tid, env);
    const same = existing.find((callback) => callback.name === name);
    const set = await asCommand(
      () => changeTool(hub, tid, 'set-callback', { env, url, name, position, force: values.force }, by),
      { 'admin.tool_not_found': noTool(tid) },
    );
    const at = set.position;
    out(`Tool ${tid} (${tool.name}), ${env}: callback '${name}' is ${url} (position ${at}).`);
    context.result({
      tid,
      env,
      name,
      url,
      position: at,
      replaced: same && same.url !== url ? same.url : null,
    });
    if (same && same.url !== url) out(`It replaces ${same.url}.`);
    const tied = existing.filter((callback) => callback.name !== name && callback.position === at);
    if (tied.length > 0)
      out(
        `Note: ${tied.map((c) => `'${c.name}'`).join(', ')} also at position ${at}; ties are ordered by name.`,
      );
    return 0;
  };
};

/** `remove-callback TID --env ENV [--name auth] [--force]` */
const removeCallback: Subcommand = (args) => {
  const { values, positionals } = parseCommand(
    args,
    { env: { type: 'string' }, name: { type: 'string' }, force: { type: 'boolean' }, ...REASON_OPTION },
    ['TID'],
  );
  const tid = accepted(checkTid(positionals[0]));
  const env = accepted(checkEnv(values.env));
  const name = accepted(checkCallbackName(values.name ?? 'auth'));
  const by = registryActor(values.reason);
  return async (context: CommandContext) => {
    const { out } = context;
    const hub = hubOf(context);
    const tool = await findTool(hub.tools, tid);
    refuseUnlessForced(tool, context, values.force);
    await asCommand(() => changeTool(hub, tid, 'remove-callback', { env, name, force: values.force }, by), {
      'admin.tool_not_found': noTool(tid),
      'admin.callback_not_found': () => `Tool ${tid} has no '${name}' callback in ${env}.`,
    });
    out(`Removed the '${name}' callback of tool ${tid} (${tool.name}) in ${env}.`);
    context.result({ tid, env, name, removed: true });
    return 0;
  };
};

/** `add-key TID TSA_KEY`: one key names one tool; a key already naming another tool is refused. */
const addKey: Subcommand = (args) => {
  const { values, positionals } = parseCommand(args, REASON_OPTION, ['TID', 'TSA_KEY']);
  const tid = accepted(checkTid(positionals[0]));
  const key = accepted(checkTsaKey(positionals[1]));
  const by = registryActor(values.reason);
  return async (context: CommandContext) => {
    const { out, result } = context;
    const hub = hubOf(context);
    const tool = await findTool(hub.tools, tid);
    const { added } = await asCommand(() => changeTool(hub, tid, 'add-key', { key }, by), {
      'admin.tool_not_found': noTool(tid),
      'admin.tsa_key_taken': async () => {
        const owner = await hub.tools.findByKey(key);
        return `TSA key ${key} already names tool ${owner?.tid} (${owner?.name}).`;
      },
    });
    result({ tid, tsaKey: key, added });
    if (!added) {
      out(`TSA key ${key} already names tool ${tid} (${tool.name}).`);
      return 0;
    }
    out(`TSA key ${key} now names tool ${tid} (${tool.name}): /sso/rqx?from=${key}`);
    if (isTsaKey(key))
      out(`Note: ${key} is one of the spec's keys; /sso/rqx routes it by its own rule (spec §4).`);
    return 0;
  };
};

/** `remove-key TSA_KEY` */
const removeKey: Subcommand = (args) => {
  const { values, positionals } = parseCommand(args, REASON_OPTION, ['TSA_KEY']);
  const key = accepted(checkTsaKey(positionals[0]));
  const by = registryActor(values.reason);
  return async (context: CommandContext) => {
    const { out, result } = context;
    const hub = hubOf(context);
    const owner = await hub.tools.findByKey(key);
    const none = () => `No tool has the tsa key ${key}.`;
    if (!owner) throw failure(none());
    await asCommand(() => changeTool(hub, owner.tid, 'remove-key', { key }, by), {
      'admin.tool_not_found': none,
      'admin.tsa_key_not_found': none,
    });
    result({ tid: owner.tid, tsaKey: key, removed: true });
    out(`Removed tsa key ${key} from tool ${owner.tid} (${owner.name}).`);
    return 0;
  };
};

export const toolLinkSubcommands: Record<string, Subcommand> = {
  'set-callback': setCallback,
  'remove-callback': removeCallback,
  'add-key': addKey,
  'remove-key': removeKey,
};
