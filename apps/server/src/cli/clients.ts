import { readFileSync } from 'node:fs';
import { ADMIN_REASON_MAX } from '@hub/core';
import {
  clientJson,
  clientUpdateProblem,
  registerClient,
  removeClient,
  rotateSecret as rotateClientSecret,
  updateClient,
} from '../admin/client-registry.js';
import { checkChoice, checkNativeRedirectUri, checkRedirectUri, checkScopes } from '../oidc/client-checks.js';
import { clientProblem } from '../oidc/clients.js';
import { DEVICE_CODE_GRANT, GRANT_TYPES, type GrantType, SECURITY_PROFILES } from '../oidc/constants.js';
import { checkGrace, checkTid, checkToolName } from '../services/registry-checks.js';
import { createOidcClientQueries, type OidcClientQueries } from '../storage/oidc.js';
import { asCommand, hubOf, registryActor } from './console-context.js';
import { accepted, type CommandContext, type Subcommand } from './context.js';
import { failure, iso, parseCommand, table, usageError } from './io.js';

export const clientsUsage = `Usage: hub clients <subcommand>

  add --name NAME [--redirect-uri URI…] [--public] [--first-party] [--native]
      [--platform psl|biz] [--post-logout-redirect-uri URI…] [--backchannel-logout-uri URI]
      [--auth-method client_secret_basic|client_secret_post|private_key_jwt] [--jwks-file PATH]
      [--id-token-alg ES256|RS256] [--tid N] [--scopes "SCOPE …"] [--grant-type GRANT…]
      [--profile fapi2]
        register an OpenID Connect client; prints its client_id and, for a client with a
        secret, the secret once on a line of its own (only its hash is stored). --public: a
        browser, mobile or device app without a secret (PKCE required). --first-party: the
        hub's own application, which needs no consent screen. --native: an app on a device
        (RFC 8252): http://127.0.0.1/PATH and http://[::1]/PATH redirects match any port, and
        private-use scheme redirects (com.example.app:/cb) are allowed. --jwks-file: the public
        keys of a private_key_jwt client. --tid: the registered tool whose members and
        restrictions apply to its sign-ins. --scopes: the only scopes it may ask for (default:
        openid email profile hub; the platforms' APIs: psl:read psl:write
        biz:read biz:write). --grant-type: authorization_code and refresh_token (default),
        client_credentials (a server calling a platform's API), device_code (a device without
        a browser, RFC 8628). --profile fapi2: FAPI 2.0 (PAR, PKCE, private_key_jwt, DPoP)
  update CLIENT_ID [--name NAME] [--scopes "SCOPE …"] [--profile fapi2|none]
      [--redirect-uri URI…] [--first-party | --third-party]
        change a client's name, allowed scopes, security profile, redirect URIs (the list given
        replaces the old one) or whether it is first-party
  list
        every client: client_id, name, kind, redirect URIs
  show CLIENT_ID
        one client, everything but its secret
  rotate-secret CLIENT_ID [--grace DURATION]
        a new secret, printed once. The old one stops at once, or after DURATION (30m, 24h,
        at most 7d) so the client can deploy the new one
  remove CLIENT_ID --yes
        delete the client; its tokens stop working

Every change (add, update, rotate-secret, remove) takes --reason TEXT: why, written with its audit
row as the console's changes are (via cli, no operator; "command line" if none; at most ${ADMIN_REASON_MAX}
characters). Every subcommand takes --json: its result as one JSON document on standard output.
Redirect URIs are matched exactly: https (http only for localhost), no user name or password,
no #fragment, written as a URL parser writes it.
Exit codes: 0 done, 1 not found or a conflict, 64 bad usage, 78 bad configuration.`;

const AUTH_METHODS = ['client_secret_basic', 'client_secret_post', 'private_key_jwt'] as const;
type AuthMethod = (typeof AUTH_METHODS)[number];

const checkUris = (inputs: string[] | undefined, what: string): string[] =>
  (inputs ?? []).map((input) => accepted(checkRedirectUri(input, what)));
const checkNativeUri = (input: string): string => accepted(checkNativeRedirectUri(input));

/** `--grant-type` names: the device grant is also accepted by its short name. */
const checkGrantTypes = (inputs: string[] | undefined): GrantType[] | undefined => {
  if (!inputs || inputs.length === 0) return undefined;
  return [
    ...new Set(
      inputs.map((input) =>
        accepted(
          checkChoice(input === 'device_code' ? DEVICE_CODE_GRANT : input, GRANT_TYPES, '--grant-type'),
        ),
      ),
    ),
  ];
};

/** A JWKS of public keys only: a private key given by mistake is refused, not stored. */
const readJwks = (path: string): { keys: Record<string, unknown>[] } => {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw usageError(`--jwks-file cannot be read as JSON: ${(error as Error).message}`);
  }
  const keys = (parsed as { keys?: unknown }).keys;
  if (!Array.isArray(keys) || keys.length === 0 || !keys.every((k) => k && typeof k === 'object'))
    throw usageError('--jwks-file must hold a JWKS: {"keys": [ … ]}.');
  if (keys.some((k) => 'd' in k || 'k' in k))
    throw usageError('--jwks-file holds a private or symmetric key: give only the public keys.');
  return { keys };
};

/** The secret alone on its line, so a script can take the line as it is. */
const printSecret = (out: (text: string) => void, clientId: string, secret: string) => {
  out('');
  out(`Client secret of ${clientId}:`);
  out(secret);
  out('');
  out('This is the only time it is shown: the hub stores only its hash and cannot show it again.');
};

const findClient = async (clients: OidcClientQueries, clientId: string) => {
  const client = await clients.find(clientId);
  if (!client) throw failure(`No client ${clientId}.`);
  return client;
};

const kindOf = (row: { public: number; first_party: number; token_endpoint_auth_method: string }) =>
  `${row.public ? 'public' : `confidential (${row.token_endpoint_auth_method})`}${row.first_party ? ', first-party' : ''}`;

const json = (out: (text: string) => void, value: unknown) => out(JSON.stringify(value, null, 2));
const JSON_OPTION = { json: { type: 'boolean' } } as const;
/** Why a change is made, for its audit row (admin/client-registry.ts writes the change and the row). */
const REASON_OPTION = { reason: { type: 'string' } } as const;
const noClient = (clientId: string) => () => `No client ${clientId}.`;

const ADD_OPTIONS = {
  ...JSON_OPTION,
  ...REASON_OPTION,
  name: { type: 'string' },
  'redirect-uri': { type: 'string', multiple: true },
  public: { type: 'boolean' },
  'first-party': { type: 'boolean' },
  native: { type: 'boolean' },
  platform: { type: 'string' },
  'post-logout-redirect-uri': { type: 'string', multiple: true },
  'backchannel-logout-uri': { type: 'string' },
  'auth-method': { type: 'string' },
  'jwks-file': { type: 'string' },
  'id-token-alg': { type: 'string' },
  tid: { type: 'string' },
  scopes: { type: 'string' },
  'grant-type': { type: 'string', multiple: true },
  profile: { type: 'string' },
} as const;

/** `add …` */
const add: Subcommand = (args) => {
  const { values } = parseCommand(args, ADD_OPTIONS, []);
  const native = values.native === true;
  const name = accepted(checkToolName(values.name));
  const redirectUris = native
    ? (values['redirect-uri'] ?? []).map(checkNativeUri)
    : checkUris(values['redirect-uri'], '--redirect-uri');
  const postLogout = checkUris(values['post-logout-redirect-uri'], '--post-logout-redirect-uri');
  const backchannel =
    values['backchannel-logout-uri'] === undefined
      ? null
      : checkUris([values['backchannel-logout-uri']], '--backchannel-logout-uri')[0]!;
  const platform =
    values.platform === undefined
      ? null
      : accepted(checkChoice(values.platform, ['psl', 'biz'] as const, '--platform'));
  const isPublic = values.public === true;
  let authMethod: AuthMethod | undefined;
  if (values['auth-method'] !== undefined) {
    if (isPublic)
      throw usageError('A --public client has no --auth-method: it authenticates with PKCE alone.');
    authMethod = accepted(checkChoice(values['auth-method'], AUTH_METHODS, '--auth-method'));
  }
  const jwks = values['jwks-file'] === undefined ? null : readJwks(values['jwks-file']);
  if ((authMethod === 'private_key_jwt') !== (jwks !== null))
    throw usageError('--auth-method private_key_jwt and --jwks-file go together.');
  const idTokenAlg =
    values['id-token-alg'] === undefined
      ? 'ES256'
      : accepted(checkChoice(values['id-token-alg'], ['ES256', 'RS256'] as const, '--id-token-alg'));
  const tid = values.tid === undefined ? null : accepted(checkTid(values.tid));
  const input = {
    name,
    redirectUris,
    public: isPublic,
    firstParty: values['first-party'] === true,
    platform,
    postLogoutRedirectUris: postLogout,
    backchannelLogoutUri: backchannel,
    authMethod,
    jwks,
    idTokenAlg,
    tid,
    applicationType: native ? ('native' as const) : ('web' as const),
    scopes: values.scopes === undefined ? null : accepted(checkScopes(values.scopes)),
    grantTypes: checkGrantTypes(values['grant-type']),
    securityProfile:
      values.profile === undefined
        ? null
        : accepted(checkChoice(values.profile, SECURITY_PROFILES, '--profile')),
  };
  const problem = clientProblem(input);
  if (problem) throw usageError(problem);
  const by = registryActor(values.reason);
  return async (context: CommandContext) => {
    const { out } = context;
    const registered = await asCommand(() => registerClient(hubOf(context), input, by), {
      'admin.tool_not_found': () => `No tool with tid ${tid}.`,
    });
    const { client_id: clientId, client_secret: secret } = registered;
    if (values.json) {
      json(out, registered);
      return 0;
    }
    out(`Registered client ${name}.`);
    out('');
    out(`client_id: ${clientId}`);
    if (secret) printSecret(out, clientId, secret);
    return 0;
  };
};

/** `update CLIENT_ID …`: what a client may ask for changes; its tokens issued before keep theirs until they expire. */
const update: Subcommand = (args) => {
  const { values, positionals } = parseCommand(
    args,
    {
      ...JSON_OPTION,
      name: { type: 'string' },
      scopes: { type: 'string' },
      profile: { type: 'string' },
      'redirect-uri': { type: 'string', multiple: true },
      'first-party': { type: 'boolean' },
      'third-party': { type: 'boolean' },
      ...REASON_OPTION,
    },
    ['CLIENT_ID'],
  );
  const clientId = positionals[0]!;
  const name = values.name === undefined ? undefined : accepted(checkToolName(values.name));
  const scopes = values.scopes === undefined ? undefined : accepted(checkScopes(values.scopes)).join(' ');
  const profile =
    values.profile === undefined
      ? undefined
      : values.profile === 'none'
        ? null
        : accepted(checkChoice(values.profile, SECURITY_PROFILES, '--profile'));
  if (values['first-party'] && values['third-party'])
    throw usageError('--first-party and --third-party exclude each other.');
  const firstParty = values['first-party'] ? 1 : values['third-party'] ? 0 : undefined;
  const redirectInputs = values['redirect-uri'];
  if ([name, scopes, profile, firstParty, redirectInputs].every((value) => value === undefined))
    throw usageError(
      'Nothing to update: give --name, --scopes, --profile, --redirect-uri, --first-party or --third-party.',
    );
  const by = registryActor(values.reason);
  return async (context: CommandContext) => {
    const { database, out } = context;
    const row = await findClient(createOidcClientQueries(database.db), clientId);
    // Replaced as a whole, each checked as `add` checks it for this kind of app; the command line
    // says why a value cannot work before the change (which checks them again) is made.
    const redirectUris = redirectInputs?.map((input) =>
      row.application_type === 'native'
        ? checkNativeUri(input)
        : accepted(checkRedirectUri(input, '--redirect-uri')),
    );
    const problem = clientUpdateProblem(row, { profile, redirectUris });
    if (problem) throw usageError(problem.problem);
    const updated = await asCommand(
      () =>
        updateClient(
          hubOf(context),
          clientId,
          {
            name,
            scopes: values.scopes,
            profile: profile === undefined ? undefined : (profile ?? 'none'),
            firstParty: firstParty === undefined ? undefined : firstParty === 1,
            redirectUris,
          },
          by,
        ),
      { 'admin.client_not_found': noClient(clientId) },
    );
    if (values.json) json(out, updated);
    else out(`Updated client ${clientId} (${updated.name}).`);
    return 0;
  };
};

/** `list` */
const list: Subcommand = (args) => {
  const { values } = parseCommand(args, JSON_OPTION, []);
  return async ({ database, now, out }: CommandContext) => {
    const rows = await createOidcClientQueries(database.db).list();
    if (values.json) {
      json(
        out,
        rows.map((row) => clientJson(row, now())),
      );
      return 0;
    }
    if (rows.length === 0) {
      out('No clients registered.');
      return 0;
    }
    out(
      table([
        ['client_id', 'name', 'kind', 'redirect URIs'],
        ...rows.map((row) => [
          row.client_id,
          row.name,
          kindOf(row),
          (JSON.parse(row.redirect_uris) as string[]).join(' '),
        ]),
      ]),
    );
    return 0;
  };
};

/** `show CLIENT_ID`: everything but the secret, which is only 'set' or 'none'. */
const show: Subcommand = (args) => {
  const { values, positionals } = parseCommand(args, JSON_OPTION, ['CLIENT_ID']);
  const clientId = positionals[0]!;
  return async ({ database, now, out }: CommandContext) => {
    const row = await findClient(createOidcClientQueries(database.db), clientId);
    if (values.json) {
      json(out, clientJson(row, now()));
      return 0;
    }
    out(`Client ${row.client_id}: ${row.name}`);
    out(`  kind                ${kindOf(row)}`);
    out(`  application type    ${row.application_type}`);
    out(`  grant types         ${(JSON.parse(row.grant_types) as string[]).join(' ')}`);
    out(`  scopes              ${row.scopes ?? 'openid email profile hub (default)'}`);
    out(`  security profile    ${row.security_profile ?? '-'}`);
    out(`  platform            ${row.platform ?? '-'}`);
    out(`  tool                ${row.tid ?? '-'}`);
    out(`  id token alg        ${row.id_token_signed_response_alg}`);
    out(`  redirect URIs       ${(JSON.parse(row.redirect_uris) as string[]).join(' ')}`);
    out(`  after logout        ${(JSON.parse(row.post_logout_redirect_uris) as string[]).join(' ') || '-'}`);
    out(`  back-channel logout ${row.backchannel_logout_uri ?? '-'}`);
    out(`  secret              ${row.secret_hash ? 'set' : 'none'}`);
    const graceEnds = row.previous_secret_expires_at;
    if (row.previous_secret_hash && graceEnds !== null && graceEnds > now())
      out(`  previous secret     works until ${iso(graceEnds)}`);
    out(`  registered          ${iso(row.created_at)}`);
    return 0;
  };
};

/** `rotate-secret CLIENT_ID [--grace DURATION]` */
const rotateSecret: Subcommand = (args) => {
  const { values, positionals } = parseCommand(
    args,
    { ...JSON_OPTION, grace: { type: 'string' }, ...REASON_OPTION },
    ['CLIENT_ID'],
  );
  const clientId = positionals[0]!;
  if (values.grace !== undefined) accepted(checkGrace(values.grace));
  const by = registryActor(values.reason);
  return async (context: CommandContext) => {
    const { database, out } = context;
    const rotated = await asCommand(() => rotateClientSecret(hubOf(context), clientId, values.grace, by), {
      'admin.client_not_found': noClient(clientId),
      'admin.client_without_secret': async () => {
        const row = await findClient(createOidcClientQueries(database.db), clientId);
        return `Client ${clientId} has no secret (${kindOf(row)}).`;
      },
    });
    const secret = rotated.client_secret;
    const until = rotated.previous_secret_valid_until;
    if (values.json) {
      json(out, rotated);
      return 0;
    }
    out(
      until !== null
        ? `Rotated the secret of ${clientId}; the previous one keeps working until ${until}.`
        : `Rotated the secret of ${clientId}; the previous one no longer works.`,
    );
    printSecret(out, clientId, secret);
    return 0;
  };
};

/** `remove CLIENT_ID --yes`: its stored tokens and grants go too, so nothing it held still works. */
const remove: Subcommand = (args) => {
  const { values, positionals } = parseCommand(
    args,
    { ...JSON_OPTION, yes: { type: 'boolean' }, ...REASON_OPTION },
    ['CLIENT_ID'],
  );
  const clientId = positionals[0]!;
  if (!values.yes) throw usageError(`Removing client ${clientId} cannot be undone; run it again with --yes.`);
  const by = registryActor(values.reason);
  return async (context: CommandContext) => {
    const { out } = context;
    const removed = await asCommand(() => removeClient(hubOf(context), clientId, by), {
      'admin.client_not_found': noClient(clientId),
    });
    if (values.json) {
      json(out, { client_id: clientId, removed: true });
      return 0;
    }
    out(`Removed client ${clientId} (${removed.name}).`);
    return 0;
  };
};

export const clientSubcommands: Record<string, Subcommand> = {
  add,
  update,
  list,
  show,
  'rotate-secret': rotateSecret,
  remove,
};
