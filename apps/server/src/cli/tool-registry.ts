import { changeTool, createTool, removeTool, updateTool } from '../admin/tool-registry.js';
import {
  checkGrace,
  checkLogo,
  checkPathPrefix,
  checkTid,
  checkToolName,
  checkToolType,
} from '../services/registry-checks.js';
import { createToolQueries, type ToolQueries } from '../storage/tools.js';
import { asCommand, hubOf, registryActor } from './console-context.js';
import { accepted, type CommandContext, type Subcommand } from './context.js';
import { failure, parseCommand, table, usageError } from './io.js';

/**
 * The tool records themselves: register, list, show, update, rotate the credential, remove. Each
 * change is the console's own (admin/tool-registry.ts), with its audit row: `via` cli, no
 * operator, and the `--reason` given ("command line" if none).
 */

/** What every change takes: why, for its audit row. */
export const REASON_OPTION = { reason: { type: 'string' } } as const;

/** The refusal when the tool named is gone. */
export const noTool = (tid: number) => () => `No tool with tid ${tid}.`;

/** A member is named by email here (the console also takes an account id). */
const memberEmail = async (tools: ToolQueries, tid: number, email: string) => {
  if (email.includes('@')) return;
  await findTool(tools, tid);
  throw failure(`No account with the email ${email}.`);
};

export const findTool = async (tools: ToolQueries, tid: number) => {
  const tool = await tools.findByTid(tid);
  if (!tool) throw failure(`No tool with tid ${tid}.`);
  return tool;
};

const typeMeaning = (type: number) =>
  type === 1 ? '1 (signs in on the normal screens)' : `${type} (signs in on the tool login)`;

/** docs/security.md "Credentials": the credential is shown here once; the hub keeps only its hash. */
const printCredential = (
  { out, secret }: Pick<CommandContext, 'out' | 'secret'>,
  tid: number,
  credential: string,
) => {
  out('');
  out(`Server credential of tool ${tid}:`);
  secret(credential);
  out('');
  out('This is the only time it is shown: the hub stores only its hash and cannot show it again.');
  out(
    "Put it in the tool's secret store now. The tool sends it as 'Authorization: Bearer …' to redeem ainfo.",
  );
};

const toolOptions = {
  name: { type: 'string' },
  type: { type: 'string' },
  logo: { type: 'string' },
  'path-prefix': { type: 'string' },
} as const;

/** `add --tid N --name NAME --type N [--logo URL] [--path-prefix P]` */
const add: Subcommand = (args) => {
  const { values } = parseCommand(args, { tid: { type: 'string' }, ...toolOptions, ...REASON_OPTION }, []);
  const tid = accepted(checkTid(values.tid));
  const name = accepted(checkToolName(values.name));
  const type = accepted(checkToolType(values.type));
  const logo = values.logo === undefined ? null : accepted(checkLogo(values.logo));
  const pathPrefix = accepted(checkPathPrefix(values['path-prefix'] ?? ''));
  const by = registryActor(values.reason);
  return async (context: CommandContext) => {
    const { out, result } = context;
    const hub = hubOf(context);
    const { credential } = await asCommand(() => createTool(hub, { tid, name, type, logo, pathPrefix }, by), {
      'admin.tool_exists': async () =>
        `Tool ${tid} already exists (${(await hub.tools.findByTid(tid))?.name ?? 'just registered'}).`,
    });
    result({ tid, name, type, logo, pathPrefix, credential });
    out(`Registered tool ${tid} (${name}), type ${typeMeaning(type)}.`);
    printCredential(context, tid, credential);
    out('');
    out(`Next: hub tools set-callback ${tid} --env production --url https://…/sso/account/auth`);
    out(`      hub tools add-key ${tid} YOUR_TSA_KEY`);
    return 0;
  };
};

/** `list` */
const list: Subcommand = (args) => {
  parseCommand(args, {}, []);
  return async ({ database, out, result }: CommandContext) => {
    const tools = createToolQueries(database.db);
    const rows = await tools.list();
    if (rows.length === 0) {
      out('No tools registered.');
      result({ tools: [] });
      return 0;
    }
    const lines = [['tid', 'name', 'type', 'keys']];
    const listed: { tid: number; name: string; type: number; tsaKeys: string[] }[] = [];
    for (const tool of rows) {
      const keys = await tools.keysOf(tool.tid);
      listed.push({ tid: tool.tid, name: tool.name, type: tool.type, tsaKeys: keys.map((k) => k.tsa_key) });
      lines.push([
        String(tool.tid),
        tool.name,
        String(tool.type),
        keys.map((k) => k.tsa_key).join(', ') || '-',
      ]);
    }
    out(table(lines));
    result({ tools: listed });
    return 0;
  };
};

/** `show TID`: everything but the credential, which is only 'set' or 'not set'. */
const show: Subcommand = (args) => {
  const { positionals } = parseCommand(args, {}, ['TID']);
  const tid = accepted(checkTid(positionals[0]));
  return async ({ database, now, out, result }: CommandContext) => {
    const tools = createToolQueries(database.db);
    const tool = await findTool(tools, tid);
    const keys = await tools.keysOf(tid);
    const callbacks = await tools.allCallbacks(tid);
    const graceEnds = tool.previous_credential_expires_at;
    const previousWorksUntil =
      tool.previous_credential_hash && graceEnds !== null && graceEnds > now() ? graceEnds : null;
    result({
      tid: tool.tid,
      name: tool.name,
      type: tool.type,
      logo: tool.logo,
      pathPrefix: tool.path_prefix,
      secondFactor: tool.require_second_factor ? 'required' : 'optional',
      credentialSet: tool.credential_hash !== null,
      previousCredentialWorksUntil: previousWorksUntil,
      tsaKeys: keys.map((k) => k.tsa_key),
      callbacks: callbacks.map((c) => ({ env: c.env, name: c.name, position: c.position, url: c.url })),
    });
    out(`Tool ${tool.tid}: ${tool.name}`);
    out(`  type         ${typeMeaning(tool.type)}`);
    out(`  logo         ${tool.logo ?? '-'}`);
    out(`  path prefix  ${tool.path_prefix || '-'}`);
    out(`  credential   ${tool.credential_hash ? 'set' : 'not set'}`);
    if (previousWorksUntil !== null)
      out(`  previous     works until ${new Date(previousWorksUntil).toISOString()}`);
    out(`  tsa keys     ${keys.map((k) => k.tsa_key).join(', ') || '-'}`);
    if (callbacks.length === 0) out('  callbacks    -');
    else {
      out('  callbacks');
      const rows = callbacks.map((c) => [c.env, c.name, String(c.position), c.url]);
      out(
        table([['env', 'name', 'position', 'url'], ...rows])
          .split('\n')
          .map((line) => `    ${line}`)
          .join('\n'),
      );
    }
    return 0;
  };
};

/**
 * `update TID [--name NAME] [--type N] [--logo URL] [--path-prefix P] [--second-factor required|optional]`
 * (an empty --logo clears it; a required second factor: docs/second-factors.md)
 */
const update: Subcommand = (args) => {
  const { values, positionals } = parseCommand(
    args,
    { ...toolOptions, 'second-factor': { type: 'string' }, ...REASON_OPTION },
    ['TID'],
  );
  const tid = accepted(checkTid(positionals[0]));
  const changes: {
    name?: string;
    type?: number;
    logo?: string | null;
    path_prefix?: string;
    require_second_factor?: number;
  } = {};
  const secondFactor = values['second-factor'];
  if (secondFactor !== undefined) {
    if (secondFactor !== 'required' && secondFactor !== 'optional')
      throw usageError('--second-factor must be required or optional.');
    changes.require_second_factor = secondFactor === 'required' ? 1 : 0;
  }
  if (values.name !== undefined) changes.name = accepted(checkToolName(values.name));
  if (values.type !== undefined) changes.type = accepted(checkToolType(values.type));
  if (values.logo !== undefined) changes.logo = values.logo === '' ? null : accepted(checkLogo(values.logo));
  if (values['path-prefix'] !== undefined)
    changes.path_prefix = accepted(checkPathPrefix(values['path-prefix']));
  if (Object.keys(changes).length === 0)
    throw usageError('Nothing to update: give --name, --type, --logo, --path-prefix or --second-factor.');
  const by = registryActor(values.reason);
  const body = {
    name: changes.name,
    type: changes.type,
    logo: changes.logo,
    pathPrefix: changes.path_prefix,
    requireSecondFactor:
      changes.require_second_factor === undefined ? undefined : changes.require_second_factor === 1,
  };
  return async (context: CommandContext) => {
    const { out, result } = context;
    await asCommand(() => updateTool(hubOf(context), tid, body, by), { 'admin.tool_not_found': noTool(tid) });
    out(`Updated tool ${tid}: ${Object.keys(changes).join(', ')}.`);
    result({ tid, updated: Object.keys(changes) });
    return 0;
  };
};

/** `rotate-credential TID [--grace DURATION]`: a new credential (admin/tool-registry.ts rotateToolCredential). */
const rotateCredential: Subcommand = (args) => {
  const { values, positionals } = parseCommand(args, { grace: { type: 'string' }, ...REASON_OPTION }, [
    'TID',
  ]);
  const tid = accepted(checkTid(positionals[0]));
  if (values.grace !== undefined) accepted(checkGrace(values.grace));
  const by = registryActor(values.reason);
  return async (context: CommandContext) => {
    const { out, result } = context;
    const hub = hubOf(context);
    const tool = await findTool(hub.tools, tid);
    const { credential, previousCredentialUntil } = await asCommand(
      () => changeTool(hub, tid, 'rotate-credential', { grace: values.grace }, by),
      { 'admin.tool_not_found': noTool(tid) },
    );
    out(
      previousCredentialUntil !== null
        ? `Rotated the server credential of tool ${tid} (${tool.name}); the previous one keeps working until ${new Date(previousCredentialUntil).toISOString()}.`
        : `Rotated the server credential of tool ${tid} (${tool.name}); the previous one no longer works.`,
    );
    printCredential(context, tid, credential);
    result({ tid, credential, previousCredentialWorksUntil: previousCredentialUntil });
    return 0;
  };
};

/**
 * `add-member` and `remove-member TID EMAIL`: the membership change through the console's own
 * (admin/tool-registry.ts), with its audit row; `report` words what changed.
 */
const memberCommand =
  (
    change: 'add-member' | 'remove-member',
    report: (context: CommandContext, answer: MemberAnswer) => void,
  ): Subcommand =>
  (args) => {
    const { values, positionals } = parseCommand(args, REASON_OPTION, ['TID', 'EMAIL']);
    const tid = accepted(checkTid(positionals[0]));
    const email = positionals[1]!;
    const by = registryActor(values.reason);
    return async (context: CommandContext) => {
      const hub = hubOf(context);
      await memberEmail(hub.tools, tid, email);
      const tool = await findTool(hub.tools, tid);
      const account = await asCommand(() => changeTool(hub, tid, change, { account: email }, by), {
        'admin.tool_not_found': noTool(tid),
        'account.not_found': () => `No account with the email ${email}.`,
        'admin.member_not_found': async () =>
          `${(await hub.accounts.findByIdentifier('email', email))?.email ?? email} is not a member of tool ${tid} (${tool.name}).`,
      });
      context.result({
        tid,
        account: account.account,
        email: account.email,
        member: change === 'add-member',
      });
      report(context, { tool, email: account.email });
      return 0;
    };
  };

interface MemberAnswer {
  tool: { tid: number; name: string; type: number };
  email: string | null;
}

/** `add-member TID EMAIL`: spec §2, the tool login checks that the account belongs to the tool. */
const addMember = memberCommand('add-member', ({ out }, { tool, email }) => {
  out(`${email} belongs to tool ${tool.tid} (${tool.name}).`);
  if (tool.type === 1)
    out(
      'Note: the tool has type 1 (open): anyone who signs in through it becomes a member; membership is checked only for restricted tools.',
    );
});

/**
 * `remove-member TID EMAIL`: takes an account out of a tool. Before restricted tools were checked
 * at the end of every sign-in, anyone could join one by signing in through it; this undoes that.
 */
const removeMember = memberCommand('remove-member', ({ out }, { tool, email }) =>
  out(`${email} no longer belongs to tool ${tool.tid} (${tool.name}).`),
);

/** `members TID`: who belongs to a tool, and since when. */
const members: Subcommand = (args) => {
  const { positionals } = parseCommand(args, {}, ['TID']);
  const tid = accepted(checkTid(positionals[0]));
  return async ({ database, out, result }: CommandContext) => {
    const tools = createToolQueries(database.db);
    const tool = await findTool(tools, tid);
    const rows = await tools.members(tid);
    result({
      tid,
      members: rows.map((m) => ({ account: m.id, email: m.email, since: Number(m.created_at) })),
    });
    if (rows.length === 0) {
      out(`Tool ${tid} (${tool.name}) has no members.`);
      return 0;
    }
    out(
      table([
        ['email', 'aid', 'since'],
        ...rows.map((m) => [m.email ?? '-', m.id, new Date(Number(m.created_at)).toISOString()]),
      ]),
    );
    return 0;
  };
};

/** `remove TID --yes`: the tool with its keys, callbacks and members (the tables cascade). */
const remove: Subcommand = (args) => {
  const { values, positionals } = parseCommand(args, { yes: { type: 'boolean' }, ...REASON_OPTION }, ['TID']);
  const tid = accepted(checkTid(positionals[0]));
  if (!values.yes) throw usageError(`Removing tool ${tid} cannot be undone; run it again with --yes.`);
  const by = registryActor(values.reason);
  return async (context: CommandContext) => {
    const { out, result } = context;
    const removed = await asCommand(() => removeTool(hubOf(context), tid, by), {
      'admin.tool_not_found': noTool(tid),
    });
    result({ tid, removed: true, tsaKeys: removed.tsaKeys, callbacks: removed.callbacks });
    out(
      `Removed tool ${tid} (${removed.name}) with ${removed.tsaKeys} tsa key(s) and ${removed.callbacks} callback(s).`,
    );
    return 0;
  };
};

export const toolRegistrySubcommands: Record<string, Subcommand> = {
  add,
  list,
  show,
  update,
  'rotate-credential': rotateCredential,
  'add-member': addMember,
  'remove-member': removeMember,
  members,
  remove,
};
