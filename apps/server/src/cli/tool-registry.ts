import { rotateToolCredential } from '../admin/tool-registry.js';
import {
  checkGrace,
  checkLogo,
  checkPathPrefix,
  checkTid,
  checkToolName,
  checkToolType,
} from '../services/registry-checks.js';
import { registerTool } from '../sso/credentials.js';
import { createAccountQueries } from '../storage/accounts.js';
import { createToolQueries, type ToolQueries } from '../storage/tools.js';
import { accepted, type CommandContext, type Subcommand } from './context.js';
import { failure, parseCommand, table, usageError } from './io.js';

/** The tool records themselves: register, list, show, update, rotate the credential, remove. */

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
  const { values } = parseCommand(args, { tid: { type: 'string' }, ...toolOptions }, []);
  const tid = accepted(checkTid(values.tid));
  const name = accepted(checkToolName(values.name));
  const type = accepted(checkToolType(values.type));
  const logo = values.logo === undefined ? null : accepted(checkLogo(values.logo));
  const pathPrefix = accepted(checkPathPrefix(values['path-prefix'] ?? ''));
  return async (context: CommandContext) => {
    const { database, now, out, result } = context;
    const tools = createToolQueries(database.db);
    const existing = await tools.findByTid(tid);
    if (existing) throw failure(`Tool ${tid} already exists (${existing.name}).`);
    const credential = await registerTool(tools, { tid, name, type, logo, pathPrefix }, now());
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
    { ...toolOptions, 'second-factor': { type: 'string' } },
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
  return async ({ database, now, out, result }: CommandContext) => {
    const tools = createToolQueries(database.db);
    await findTool(tools, tid);
    await tools.update(tid, { ...changes, updated_at: now() });
    out(`Updated tool ${tid}: ${Object.keys(changes).join(', ')}.`);
    result({ tid, updated: Object.keys(changes) });
    return 0;
  };
};

/** `rotate-credential TID [--grace DURATION]`: a new credential (admin/tool-registry.ts rotateToolCredential). */
const rotateCredential: Subcommand = (args) => {
  const { values, positionals } = parseCommand(args, { grace: { type: 'string' } }, ['TID']);
  const tid = accepted(checkTid(positionals[0]));
  const graceMs = values.grace === undefined ? 0 : accepted(checkGrace(values.grace));
  return async (context: CommandContext) => {
    const { database, now, out, result } = context;
    const tools = createToolQueries(database.db);
    const tool = await findTool(tools, tid);
    const { credential, previousCredentialUntil } = await rotateToolCredential(tools, tool, graceMs, now());
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

/** `add-member TID EMAIL`: spec §2, the tool login checks that the account belongs to the tool. */
const addMember: Subcommand = (args) => {
  const { positionals } = parseCommand(args, {}, ['TID', 'EMAIL']);
  const tid = accepted(checkTid(positionals[0]));
  const email = positionals[1]!;
  return async ({ database, now, out, result }: CommandContext) => {
    const tools = createToolQueries(database.db);
    const tool = await findTool(tools, tid);
    const account = await createAccountQueries(database.db).findByIdentifier('email', email);
    if (!account) throw failure(`No account with the email ${email}.`);
    await tools.addMember(tid, account.id, now());
    result({ tid, account: account.id, email: account.email, member: true });
    out(`${account.email} belongs to tool ${tid} (${tool.name}).`);
    if (tool.type === 1)
      out(
        'Note: the tool has type 1 (open): anyone who signs in through it becomes a member; membership is checked only for restricted tools.',
      );
    return 0;
  };
};

/**
 * `remove-member TID EMAIL`: takes an account out of a tool. Before restricted tools were checked
 * at the end of every sign-in, anyone could join one by signing in through it; this undoes that.
 */
const removeMember: Subcommand = (args) => {
  const { positionals } = parseCommand(args, {}, ['TID', 'EMAIL']);
  const tid = accepted(checkTid(positionals[0]));
  const email = positionals[1]!;
  return async ({ database, out, result }: CommandContext) => {
    const tools = createToolQueries(database.db);
    const tool = await findTool(tools, tid);
    const account = await createAccountQueries(database.db).findByIdentifier('email', email);
    if (!account) throw failure(`No account with the email ${email}.`);
    const removed = await tools.removeMember(tid, account.id);
    if (!removed.numDeletedRows)
      throw failure(`${account.email} is not a member of tool ${tid} (${tool.name}).`);
    result({ tid, account: account.id, email: account.email, member: false });
    out(`${account.email} no longer belongs to tool ${tid} (${tool.name}).`);
    return 0;
  };
};

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
  const { values, positionals } = parseCommand(args, { yes: { type: 'boolean' } }, ['TID']);
  const tid = accepted(checkTid(positionals[0]));
  if (!values.yes) throw usageError(`Removing tool ${tid} cannot be undone; run it again with --yes.`);
  return async ({ database, out, result }: CommandContext) => {
    const tools = createToolQueries(database.db);
    const tool = await findTool(tools, tid);
    const keys = await tools.keysOf(tid);
    const callbacks = await tools.allCallbacks(tid);
    await tools.remove(tid);
    result({ tid, removed: true, tsaKeys: keys.length, callbacks: callbacks.length });
    out(
      `Removed tool ${tid} (${tool.name}) with ${keys.length} tsa key(s) and ${callbacks.length} callback(s).`,
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
