import { existsSync } from 'node:fs';
import { join } from 'node:path';
import {
  authEndpoints,
  defaultPlatformEndpoints,
  deviceAccountEndpoints,
  flowContextSchema,
  isErrorCode,
  linkingEndpoints,
  meAccessEndpoints,
  meContinueEndpoints,
  meDataEndpoints,
  meEndpoints,
  meLogoutEndpoints,
  meProfileEndpoints,
  meSecurityEndpoints,
  meSessionsEndpoints,
  passkeyEndpoints,
  platformApiEndpoints,
  secondFactorEndpoints,
  socialEndpoints,
  ssoQueryKeys,
  switchingEndpoints,
  workAccountEndpoints,
} from '@hub/core';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { localDemoCredential } from './sso/credentials.js';
import { seedAccount } from './test-support/accounts.js';
import { setUpTestHub, type TestHub } from './test-support/app.js';
import { demoToolUrl, seedDemoCatalogue } from './test-support/catalogue.js';
import { browserFor, strongPassword } from './test-support/client.js';
import { testDialects } from './test-support/databases.js';
import {
  encodedValue,
  hostileNumber,
  percentEncode,
  type RegisteredRoute,
  registeredRoutes,
  unstorableString,
} from './test-support/hostile-requests.js';
import { expectCatalogueBody } from './test-support/refusals.js';

/**
 * Hostile requests per database. The default keeps the file to a few tens of seconds; set
 * HOSTILE_REQUESTS=200000 (say) for a soak.
 */
const runs = Number(process.env.HOSTILE_REQUESTS ?? 10_000);

/**
 * The input fields of each route (body for POST, query for GET), so most hostile requests get past
 * the schema's shape and reach the handler and the database. Every registered route must be here:
 * the first test fails for a route added without its fields.
 */
const routeFields: Record<string, string[]> = {
  'GET /healthz': [],
  'GET /readyz': [],
  'GET /favicon.ico': [],
  'GET /.well-known/jwks.json': [],
  [`POST ${authEndpoints.loginIdentify}`]: ['platform', 'account', 'toolLogin', 'context'],
  [`POST ${authEndpoints.loginPassword}`]: ['flowId', 'password'],
  [`POST ${authEndpoints.signInChallenge}`]: ['flowId'],
  [`POST ${authEndpoints.signupStart}`]: ['platform', 'account', 'entry', 'context'],
  [`GET ${authEndpoints.signupStatus}`]: ['flowId'],
  [`POST ${authEndpoints.signupVerify}`]: ['flowId', 'code'],
  [`POST ${authEndpoints.signupResend}`]: ['flowId'],
  [`POST ${authEndpoints.signupFinalize}`]: ['flowId', 'password'],
  [`POST ${authEndpoints.resetStart}`]: ['platform', 'account', 'rrf', 'context'],
  [`GET ${authEndpoints.resetStatus}`]: ['flowId'],
  [`POST ${authEndpoints.resetVerify}`]: ['flowId', 'code'],
  [`POST ${authEndpoints.resetResend}`]: ['flowId'],
  [`POST ${authEndpoints.resetFinalize}`]: ['flowId', 'password'],
  [`POST ${switchingEndpoints.switchingIdentify}`]: ['platform', 'account', 'context'],
  [`POST ${switchingEndpoints.switchingPassword}`]: ['flowId', 'password'],
  [`POST ${linkingEndpoints.linkingIdentify}`]: ['platform', 'account', 'context'],
  [`POST ${linkingEndpoints.linkingPassword}`]: ['flowId', 'password'],
  [`GET ${defaultPlatformEndpoints.defaultPlatformState}`]: [],
  [`POST ${defaultPlatformEndpoints.defaultPlatformStart}`]: ['platform', 'context'],
  [`GET ${defaultPlatformEndpoints.defaultPlatformStatus}`]: ['flowId'],
  [`POST ${defaultPlatformEndpoints.defaultPlatformConfirm}`]: ['flowId', 'password'],
  [`POST ${workAccountEndpoints.workAccountInvite}`]: ['email'],
  [`GET ${workAccountEndpoints.workAccountStatus}`]: ['flowId'],
  [`POST ${workAccountEndpoints.workAccountVerify}`]: ['flowId', 'code'],
  [`POST ${workAccountEndpoints.workAccountResend}`]: ['flowId'],
  [`POST ${workAccountEndpoints.workAccountFinalize}`]: ['flowId', 'password'],
  [`GET ${platformApiEndpoints.accountRead}`]: ['aid'],
  [`POST ${platformApiEndpoints.platformWorkAccounts}`]: ['owner_aid', 'email'],
  [`GET ${passkeyEndpoints.list}`]: [],
  [`POST ${passkeyEndpoints.registrationOptions}`]: [],
  [`POST ${passkeyEndpoints.register}`]: ['challengeId', 'name', 'response'],
  [`PATCH ${passkeyEndpoints.one}`]: ['name'],
  [`DELETE ${passkeyEndpoints.one}`]: ['password'],
  [`POST ${passkeyEndpoints.loginOptions}`]: ['platform', 'toolLogin', 'context'],
  [`POST ${passkeyEndpoints.loginVerify}`]: ['challengeId', 'response'],
  [`GET ${socialEndpoints.providers}`]: [],
  // The account center (docs/account-center.md).
  [`GET ${meEndpoints.summary}`]: [],
  [`GET ${meDataEndpoints.download}`]: [],
  [`GET ${meDataEndpoints.deletion}`]: [],
  [`POST ${meDataEndpoints.deletion}`]: ['password'],
  [`DELETE ${meDataEndpoints.deletion}`]: [],
  [`GET ${meSecurityEndpoints.overview}`]: [],
  [`POST ${meSecurityEndpoints.password}`]: ['currentPassword', 'newPassword', 'endOtherSessions'],
  [`POST ${meSecurityEndpoints.email}`]: ['newEmail', 'password'],
  [`POST ${meSecurityEndpoints.emailVerify}`]: ['flowId', 'code'],
  [`POST ${meSecurityEndpoints.emailResend}`]: ['flowId'],
  [`DELETE ${meSecurityEndpoints.provider}`]: [],
  [`GET ${meSessionsEndpoints.sessions}`]: [],
  [`DELETE ${meSessionsEndpoints.endSession}`]: [],
  [`POST ${meSessionsEndpoints.endOthers}`]: [],
  [`GET ${meSessionsEndpoints.signIns}`]: ['before', 'limit'],
  [`GET ${meAccessEndpoints.access}`]: [],
  [`DELETE ${meAccessEndpoints.removeTool}`]: [],
  [`DELETE ${meAccessEndpoints.removeApp}`]: [],
  [`GET ${meProfileEndpoints.profile}`]: [],
  [`POST ${meProfileEndpoints.profile}`]: ['first', 'middle', 'last', 'suffix'],
  [`POST ${meLogoutEndpoints.logout}`]: ['tid', 'callback'],
  [`POST ${meContinueEndpoints.continue}`]: ['platform'],
  [`GET ${deviceAccountEndpoints.list}`]: ['oidc'],
  [`POST ${deviceAccountEndpoints.continueAs}`]: ['account', 'platform', 'context', 'switching'],
  [`POST ${deviceAccountEndpoints.switch}`]: ['account'],
  [`POST ${deviceAccountEndpoints.signOutAll}`]: [],
  [`GET ${socialEndpoints.linkState}`]: ['flowId'],
  [`POST ${socialEndpoints.link}`]: ['flowId', 'password'],
  [`GET ${secondFactorEndpoints.status}`]: [],
  [`POST ${secondFactorEndpoints.totp}`]: [],
  [`DELETE ${secondFactorEndpoints.totp}`]: ['password'],
  [`POST ${secondFactorEndpoints.totpConfirm}`]: ['code'],
  [`POST ${secondFactorEndpoints.recoveryCodes}`]: [],
  [`GET ${secondFactorEndpoints.stepStatus}`]: ['flowId'],
  [`POST ${secondFactorEndpoints.verify}`]: ['flowId', 'method', 'code', 'response'],
  [`POST ${secondFactorEndpoints.passkeyOptions}`]: ['flowId'],
  [`POST ${secondFactorEndpoints.enrol}`]: ['flowId'],
  [`POST ${secondFactorEndpoints.enrolConfirm}`]: ['flowId', 'code'],
  'GET /auth/social/:provider/start': ['platform', 'intent', 'from', 'subcb'],
  'GET /auth/social/:provider/callback': ['state', 'code', 'error', 'error_description'],
  'POST /api/sso/rqx': [...ssoQueryKeys],
  'GET /api/sso/tool': ['from'],
  'GET /api/tools/ssorqx': ['tsa_key', 'env'],
  'GET /api/tools/toolcb': ['tid', 'env'],
  'GET /api/tools/tparty': ['account', 'platform', 'ref'],
  'POST /api/tools/ainfo/redeem': ['ainfo'],
  'GET /sso/logout': ['tid', 'callback'],
  'POST /sso/logout': [],
  'GET /api/docs': [],
  'GET /api/docs/json': [],
  'GET /dev/mail': ['to'],
  'GET /dev/mail.json': ['to'],
  'GET /dev/mail.js': [],
  // The operator console (admin/routes.ts): every route behind the operator guard.
  'GET /api/admin/me': [],
  'GET /api/admin/overview': [],
  'GET /api/admin/accounts': ['q', 'page'],
  'GET /api/admin/accounts/:id': [],
  'POST /api/admin/accounts/:id/:action': ['reason'],
  'GET /api/admin/audit': ['account', 'event', 'operator', 'from', 'to', 'before', 'format'],
  'GET /api/admin/operators': [],
  'POST /api/admin/operators': ['account', 'role', 'reason'],
  'DELETE /api/admin/operators/:id': ['reason'],
  // The console's tool and client registry (admin/tools.ts, admin/clients.ts): admin role only.
  'GET /api/admin/tools': [],
  'POST /api/admin/tools': ['tid', 'name', 'type', 'logo', 'pathPrefix', 'requireSecondFactor', 'reason'],
  'GET /api/admin/tools/:tid': [],
  'POST /api/admin/tools/:tid': ['name', 'type', 'logo', 'pathPrefix', 'requireSecondFactor', 'reason'],
  'POST /api/admin/tools/:tid/:change': [
    'env',
    'name',
    'url',
    'position',
    'force',
    'key',
    'account',
    'grace',
    'reason',
  ],
  'GET /api/admin/clients': [],
  'POST /api/admin/clients': ['name', 'redirectUris', 'public', 'firstParty', 'native', 'scopes', 'reason'],
  'POST /api/admin/clients/:clientId': ['name', 'redirectUris', 'firstParty', 'scopes', 'profile', 'reason'],
  'POST /api/admin/clients/:clientId/rotate-secret': ['grace', 'reason'],
  'GET /demo/stand-in.css': [],
  'GET /demo/:platform': [],
  'GET /demo/:platform/sso/account/auth': ['ainfo', 'subcb'],
  // OpenID Connect (oidc/routes.ts): the interaction page the hub answers, and discovery.
  'GET /oidc/interaction/:uid': [],
  'GET /api/oidc/consent/:uid': [],
  'POST /api/oidc/consent/:uid': ['allow'],
  'GET /.well-known/openid-configuration': [],
  'OPTIONS /.well-known/openid-configuration': [],
  'GET /.well-known/oauth-authorization-server': [],
  'OPTIONS /.well-known/oauth-authorization-server': [],
  // The provider's own endpoints: one wildcard route, `/oidc/*`, which Fastify's route tree prints
  // as a bare `*`; a request to it goes to one of providerPaths.
  'GET *': ['client_id', 'response_type', 'scope', 'redirect_uri', 'state', 'id_token_hint'],
  'POST *': ['client_id', 'client_secret', 'grant_type', 'code', 'refresh_token', 'token'],
  'OPTIONS *': [],
};
/** Where a request to the provider's wildcard route goes: its endpoints, and one it does not have. */
const providerPaths = [
  '/oidc/auth',
  '/oidc/token',
  '/oidc/me',
  '/oidc/session/end',
  '/oidc/session/end/confirm',
  '/oidc/token/introspection',
  '/oidc/token/revocation',
  '/oidc/nowhere',
];
const routeKey = (route: RegisteredRoute) => `${route.method} ${route.path}`;
const allFields = [...new Set(Object.values(routeFields).flat())];
const contextFields = Object.keys(flowContextSchema.shape);

interface Fixtures {
  /** Values the hub knows (live flow ids, an account id): hostile requests built on them get far. */
  known: string[];
  ownerId: string;
  flowIds: string[];
  /** The cookie header of a signed-in business owner's browser, with its flow binding. */
  cookie: string;
}

/** A signed-in business owner, and flows of every kind waiting for their next step. */
const arrange = async (hub: TestHub): Promise<Fixtures> => {
  await seedDemoCatalogue(hub);
  const ownerId = await seedAccount(hub, { email: 'owner@example.ph', platforms: ['biz', 'psl'] });
  await seedAccount(hub, { email: 'member@example.ph' });
  const browser = browserFor(hub, '198.18.40.1');
  const signIn = await browser.post(authEndpoints.loginIdentify, {
    platform: 'biz',
    account: 'owner@example.ph',
  });
  await browser.post(authEndpoints.loginPassword, { flowId: signIn.json().flowId, password: strongPassword });
  await browser.post(authEndpoints.loginIdentify, { platform: 'psl', account: 'member@example.ph' });
  await browser.post(authEndpoints.signupStart, { platform: 'psl', account: 'new@example.ph' });
  await browser.post(authEndpoints.resetStart, { platform: 'psl', account: 'member@example.ph' });
  await browser.post(defaultPlatformEndpoints.defaultPlatformStart, { platform: 'psl' });
  await browser.post(workAccountEndpoints.workAccountInvite, { email: 'worker@example.ph' });
  const flows = await hub.database.db.selectFrom('flows').select('id').execute();
  expect(flows.length).toBeGreaterThanOrEqual(5);
  const cookie = [...browser.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  const flowIds = flows.map((flow) => flow.id);
  return { known: [ownerId, ...flowIds], ownerId, flowIds, cookie };
};

/** The hub's own values and near misses of them. */
const nearValid = (fixtures: Fixtures) =>
  fc.constantFrom(
    ...fixtures.known,
    'psl',
    'biz',
    'PSL',
    'owner@example.ph',
    'member@example.ph',
    'new@example.ph',
    '09171234567',
    'owner',
    strongPassword,
    '123456',
    'PARTNER_DESK_RQX',
    'PFREFERRAL_SSO_RQX',
    'MP_DIRECT_CHECKOUT_RQX',
    'TOOL_MARKET_PREVIEW_SSO_RQX',
    'MP_MARKET_CHECKOUT_SSO_RQX',
    'local',
    'production',
    'registration',
    'login',
    'tool_login',
    'ubr_profile',
    'tool_login',
    'tparty',
    'google',
    '202',
    '18',
    '2147483647',
    '2147483648',
    '99999999999999',
    '-1',
    '1.5',
    '1e3',
  );

/** For each field, values of its own kind the hub would accept (or nearly). */
const validValues = (
  fixtures: Fixtures,
  encoded: fc.Arbitrary<string>,
): Record<string, fc.Arbitrary<unknown> | undefined> => {
  const emails = fc.constantFrom(
    'owner@example.ph',
    'member@example.ph',
    'new@example.ph',
    'fresh@example.ph',
  );
  const flowId = fc.constantFrom(...fixtures.flowIds);
  const tsaKey = fc.constantFrom(
    'PARTNER_DESK_RQX',
    'PFREFERRAL_SSO_RQX',
    'MP_DIRECT_CHECKOUT_RQX',
    'MP_SSO_RQX',
  );
  return {
    platform: fc.constantFrom('psl', 'biz'),
    account: fc.oneof(emails, fc.constantFrom('09171234567', 'owner', fixtures.ownerId)),
    toolLogin: fc.boolean(),
    entry: fc.constantFrom('ubr_profile', 'ubr_main'),
    rrf: fc.constantFrom('foundation', 'switching1', 'tool_login'),
    flowId,
    password: fc.constantFrom(strongPassword, 'Wrong-password-1'),
    code: fc.constantFrom('123456', '000000'),
    email: emails,
    newEmail: emails,
    currentPassword: fc.constantFrom(strongPassword, 'Wrong-password-1'),
    endOtherSessions: fc.boolean(),
    to: emails,
    aid: fc.constant(fixtures.ownerId),
    owner_aid: fc.constant(fixtures.ownerId),
    from: fc.oneof(tsaKey, encoded),
    tsa_key: tsaKey,
    callback: fc.constantFrom('local', 'production'),
    tid: fc.constantFrom('202', '18', '101'),
    env: fc.constantFrom('local', 'production'),
    auth_type: fc.constant('registration'),
    intent: fc.constantFrom('login', 'signup', 'tool_login', 'link'),
    ref: fc.constant('tparty'),
    state: fc.constant('a-tool-state-0123456789'),
    subcb: fc.constant(`${demoToolUrl}/after`),
    ref_a_frnd: encoded,
    pricing: fc.constant('monthly'),
  };
};

/** One hostile request to one of `routes`: its own fields mostly, hostile values everywhere. */
const hostileRequest = (routes: RegisteredRoute[], fixtures: Fixtures, origin: string) => {
  const text = fc.oneof(
    { arbitrary: nearValid(fixtures), weight: 3 },
    { arbitrary: unstorableString, weight: 3 },
    { arbitrary: fc.string({ maxLength: 64 }), weight: 1 },
  );
  const inner = fc.oneof(text, hostileNumber, fc.constant(null));
  const stringy = fc.oneof(
    { arbitrary: text, weight: 4 },
    { arbitrary: encodedValue(inner), weight: 2 },
    { arbitrary: hostileNumber.map(String), weight: 1 },
  );
  const context = fc.dictionary(fc.constantFrom(...contextFields, 'x'), stringy, { maxKeys: 4 });
  const jsonValue = fc.oneof(
    { arbitrary: stringy, weight: 6 },
    { arbitrary: hostileNumber, weight: 2 },
    { arbitrary: context, weight: 2 },
    { arbitrary: fc.constantFrom(true, false, null, [], {}), weight: 1 },
    { arbitrary: fc.anything({ maxDepth: 2 }), weight: 1 },
  );
  const valid = validValues(fixtures, encodedValue(inner));
  /**
   * Usually all of `fields` (some of them now and then, or one more from another route): one of
   * them hostile, the others mostly valid values of their own kind, so the bad one gets furthest.
   */
  const entries = (fields: string[], value: fc.Arbitrary<unknown>) =>
    fc
      .tuple(
        fc.oneof(
          { arbitrary: fc.constant(fields), weight: 3 },
          { arbitrary: fc.subarray(fields), weight: 1 },
        ),
        fc.option(fc.constantFrom(...allFields, '__proto__'), { freq: 5, nil: undefined }),
      )
      .map(([own, stray]) => (stray && !own.includes(stray) ? [...own, stray] : own))
      .chain((names) =>
        fc.nat().chain((pick) =>
          fc
            .tuple(
              ...names.map((name, index) => {
                const own =
                  name === 'context' ? context : Object.hasOwn(valid, name) ? valid[name] : undefined;
                if (!own || index === pick % names.length) return value;
                return fc.oneof({ arbitrary: own, weight: 4 }, { arbitrary: value, weight: 1 });
              }),
            )
            .map((values) => names.map((name, index) => [name, values[index]] as const)),
        ),
      );
  // What a query value may be beyond text: percent sequences no encoder produces.
  const rawQueryValue = fc.constantFrom(
    '%00',
    '%ED%A0%80',
    '%C0%80',
    '%FF%FE',
    '%',
    '%zz',
    'a%00b',
    '%F4%90%80%80',
  );
  const segment = fc.oneof(
    fc.constantFrom('google', 'facebook', 'psl', 'biz'),
    rawQueryValue,
    stringy.map(percentEncode),
  );

  return fc
    .record({
      route: fc.constantFrom(...routes),
      auth: fc.constantFrom('none', 'session', 'tool', 'tool', 'forged'),
      credentialOf: fc.constantFrom(13, 18, 202),
      ip: fc.tuple(fc.nat(255), fc.nat(255), fc.nat(255)).map(([a, b, c]) => `10.${a}.${b}.${c}`),
      pathValues: fc.array(segment, { minLength: 2, maxLength: 2 }),
      providerPath: fc.constantFrom(...providerPaths),
      // The provider's endpoints read form bodies: half of their bodies go as one.
      form: fc.boolean(),
    })
    .chain(({ route, ...rest }) => {
      const fields = routeFields[routeKey(route)] ?? allFields;
      const query = entries(fields.length > 0 ? fields : allFields, stringy).chain((pairs) =>
        fc
          .array(fc.boolean(), { minLength: pairs.length, maxLength: pairs.length })
          .chain((raw) =>
            fc
              .array(rawQueryValue, { minLength: pairs.length, maxLength: pairs.length })
              .map((rawValues) =>
                pairs
                  .map(([name, value], index) =>
                    raw[index]
                      ? `${name}=${rawValues[index]}`
                      : `${name}=${percentEncode(typeof value === 'string' ? value : JSON.stringify(value))}`,
                  )
                  .join('&'),
              ),
          ),
      );
      const body =
        route.method === 'GET'
          ? fc.constant(undefined)
          : fc.oneof(
              { arbitrary: entries(fields, jsonValue).map((pairs) => Object.fromEntries(pairs)), weight: 8 },
              { arbitrary: fc.anything(), weight: 1 },
              { arbitrary: fc.dictionary(fc.constantFrom(...allFields), jsonValue), weight: 1 },
            );
      return fc.record({
        route: fc.constant(route),
        query: route.method === 'GET' ? query : fc.option(query, { freq: 5, nil: undefined }),
        body,
        ...Object.fromEntries(Object.entries(rest).map(([key, value]) => [key, fc.constant(value)])),
      }) as fc.Arbitrary<{
        route: RegisteredRoute;
        query: string | undefined;
        body: unknown;
        auth: string;
        credentialOf: number;
        ip: string;
        pathValues: string[];
        providerPath: string;
        form: boolean;
      }>;
    })
    .map(({ route, query, body, auth, credentialOf, ip, pathValues, providerPath, form }): InjectOptions => {
      let param = 0;
      const path =
        route.path === '*'
          ? providerPath
          : route.path.replace(/:[A-Za-z_]+/g, () => pathValues[param++] ?? 'x');
      const headers: Record<string, string> = { origin };
      // Logging out would end the session every later request relies on to reach the signed-in steps.
      const logsOut = route.path === '/sso/logout' || route.path === meLogoutEndpoints.logout;
      if (auth === 'session' && !logsOut) headers.cookie = fixtures.cookie;
      if (auth === 'tool') headers.authorization = `Bearer ${localDemoCredential(credentialOf)}`;
      if (auth === 'forged') headers.authorization = 'Bearer hubtool_999999999_forged-credential';
      const request: InjectOptions = {
        method: route.method as InjectOptions['method'],
        url: query ? `${path}?${query}` : path,
        remoteAddress: ip,
        headers,
      };
      if (body === undefined) return request;
      if (route.path === '*' && form && body !== null && typeof body === 'object' && !Array.isArray(body))
        return {
          ...request,
          payload: Object.entries(body)
            .map(
              ([name, value]) =>
                `${percentEncode(name)}=${percentEncode(typeof value === 'string' ? value : (JSON.stringify(value) ?? ''))}`,
            )
            .join('&'),
          headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
        };
      return {
        ...request,
        payload: JSON.stringify(body) ?? 'null',
        headers: { ...headers, 'content-type': 'application/json' },
      };
    });
};

describe.each(testDialects)('every route under hostile requests on %s', (dialect) => {
  let fixtures: Fixtures;
  const ctx = setUpTestHub(dialect, {
    seed: async (hub) => {
      fixtures = await arrange(hub);
    },
  });

  it('knows the input fields of every registered route', () => {
    // The web build's files (when it is built) are routes of their own, served as they are.
    const webFile = (route: string) =>
      route.startsWith('GET /') && existsSync(join(ctx.hub.config.webDist, route.slice('GET /'.length)));
    const routes = registeredRoutes(ctx.hub.app)
      .map(routeKey)
      .filter((route) => !webFile(route));
    expect(routes).toContain(`POST ${authEndpoints.loginIdentify}`);
    expect(routes).toContain('GET /auth/social/:provider/start');
    expect(routes).toContain('GET /dev/mail.json');
    expect(routes.filter((route) => !(route in routeFields))).toEqual([]);
    expect(Object.keys(routeFields).filter((route) => !routes.includes(route))).toEqual([]);
  });

  it(`answers ${runs} hostile requests across every route with a 4xx or a success, never a 5xx`, {
    timeout: Math.max(120_000, runs * 30),
  }, async () => {
    const routes = registeredRoutes(ctx.hub.app);
    const origin = new URL(ctx.hub.config.publicUrl).origin;
    // What each request came to ('400 request.invalid', '200'), counted, for HOSTILE_REQUESTS_REPORT.
    const outcomes = new Map<string, number>();
    await fc.assert(
      fc.asyncProperty(hostileRequest(routes, fixtures, origin), async (request) => {
        const res = await ctx.hub.app.inject(request);
        const what = `${request.method} ${request.url} ${String(request.payload).slice(0, 300)} → ${res.body.slice(0, 300)}`;
        expect(res.statusCode, what).toBeLessThan(500);
        let outcome = String(res.statusCode);
        // The API's refusals are its JSON errors; a page (the demo platform site) answers in HTML.
        if (res.statusCode >= 400 && String(res.headers['content-type']).startsWith('application/json')) {
          const body = res.json();
          // The provider's own refusals are OAuth's ({ error }); the hub's before it (a 429) have a code.
          if (/^\/oidc\/(?!interaction\/)/.test(String(request.url)) && !('code' in body)) {
            expect(body, what).toMatchObject({ error: expect.any(String) });
            outcome += ` ${body.error}`;
          } else {
            expect(body, what).toMatchObject({ code: expect.any(String), message: expect.any(String) });
            expect(isErrorCode(body.code), `${what}: ${body.code} is not in the catalogue`).toBe(true);
            expectCatalogueBody(body, what);
            outcome += ` ${body.code}`;
          }
        }
        outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
      }),
      { numRuns: runs },
    );
    const sent = [...outcomes.values()].reduce((sum, count) => sum + count, 0);
    expect(sent).toBe(runs);
    if (process.env.HOSTILE_REQUESTS_REPORT) {
      console.info(
        `${dialect}: ${sent} hostile requests`,
        Object.fromEntries([...outcomes].sort((x, y) => y[1] - x[1])),
      );
    }
  });
});
