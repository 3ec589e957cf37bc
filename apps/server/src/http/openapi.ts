import fastifySwagger from '@fastify/swagger';
import { type ErrorCode, errorCatalog } from '@hub/core';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { escapeHtml } from '../services/html.js';

export const OPENAPI_JSON_PATH = '/api/docs/json';
export const OPENAPI_HTML_PATH = '/api/docs';

/**
 * The error answers each route may give, by catalogue code. Every error the hub sends has the same
 * body ({ code, message, params?, field?, retryAfter? }); the document lists, per route and status, which
 * codes can appear. The lists are kept by hand beside the routes' own schemas: a route whose
 * pattern matches none of the rules below gets only the codes every route can answer, and the
 * OpenAPI test fails for an /api route that has no rule (so a new route gets one).
 */
// request.invalid: every route refuses text PostgreSQL cannot store in its path or query (http/storable-input.ts).
const everyRoute: ErrorCode[] = ['internal', 'service.overloaded', 'request.invalid'];
/** A route with a schema: input that does not match it. */
const validated: ErrorCode[] = ['request.invalid'];
/** A browser step of a flow: same-origin only, a flow bound to this browser, throttled. */
const flowStep: ErrorCode[] = [
  'request.malformed_json',
  'origin.forbidden',
  'flow.not_found',
  'flow.expired',
  'rate_limited',
];
/** An account as typed: its format (spec §5); the account itself is looked up after. */
const accountInput: ErrorCode[] = [
  'account.required',
  'account.format_invalid',
  'account.mobile_unavailable',
];
const identify: ErrorCode[] = [...accountInput, 'account.not_found'];
const codeStep: ErrorCode[] = ['code.incorrect', 'code.expired', 'code.too_many_attempts'];
const newPassword: ErrorCode[] = [
  'password.required',
  'password.not_equal',
  'password.too_weak',
  'password.too_common',
  'password.too_long',
];
const signInRefusals: ErrorCode[] = [
  'account.not_registered_to_tool',
  'account.not_registered_to_platform',
  'account.company_on_personal',
  'account.client_refused',
  'sso.tsa_key_missing',
];
const toolCredential: ErrorCode[] = ['tool.unauthorized', 'tool.forbidden'];

/** [route pattern (method and path, `*` for any rest), the codes it may answer beyond everyRoute]. */
const errorRules: Array<[RegExp, ErrorCode[]]> = [
  [/^GET \/api\/(signup|reset)\/status$/, [...validated, 'flow.not_found', 'flow.expired']],
  [/^POST \/api\/login\/identify$/, [...validated, ...flowStep, ...identify, ...signInRefusals]],
  [
    /^POST \/api\/login\/password$/,
    [...validated, ...flowStep, 'password.required', 'password.incorrect', ...signInRefusals],
  ],
  [/^POST \/api\/signup\/start$/, [...validated, ...flowStep, ...accountInput, 'account.already_exists']],
  [/^POST \/api\/(signup|reset)\/(verify|resend)$/, [...validated, ...flowStep, ...codeStep]],
  [/^POST \/api\/signup\/finalize$/, [...validated, ...flowStep, ...newPassword, ...signInRefusals]],
  [/^POST \/api\/reset\/start$/, [...validated, ...flowStep, ...accountInput, 'account.not_found']],
  [/^POST \/api\/reset\/finalize$/, [...validated, ...flowStep, ...newPassword]],
  [
    /^POST \/api\/switching\//,
    [
      ...validated,
      ...flowStep,
      ...identify,
      'password.required',
      'password.incorrect',
      'account.already_linked',
      'account.work_account_link',
      ...signInRefusals,
    ],
  ],
  [
    /^POST \/api\/linking\//,
    [
      ...validated,
      ...flowStep,
      'session.required',
      'account.required',
      'account.format_invalid',
      'account.not_found',
      'account.already_exists',
      'account.already_linked',
      'account.work_account_link',
      'account.not_registered_to_platform',
      'password.required',
      'password.incorrect',
    ],
  ],
  [
    /^(GET|POST) \/api\/default-platform/,
    [...validated, ...flowStep, 'session.required', 'account.not_registered_to_platform'],
  ],
  [
    /^(GET|POST) \/api\/work-accounts\//,
    [
      ...validated,
      ...flowStep,
      ...codeStep,
      ...newPassword,
      'session.required',
      'work_account.owner_required',
      'account.required',
      'account.format_invalid',
      'account.already_exists',
    ],
  ],
  // Passkeys (mfa/passkey-routes.ts, docs/passkeys.md).
  [/^GET \/api\/me\/passkeys$/, ['session.required']],
  [
    /^(POST|PATCH|DELETE) \/api\/me\/passkeys/,
    [
      ...validated,
      'request.malformed_json',
      'origin.forbidden',
      'session.required',
      'rate_limited',
      'flow.not_found',
      'flow.expired',
      'not_found',
      'passkey.refused',
      'passkey.already_registered',
      'passkey.limit_reached',
      'password.required',
      'password.incorrect',
      'account.last_sign_in_method',
    ],
  ],
  [
    /^POST \/api\/login\/passkey\/options$/,
    [...validated, ...flowStep, 'sso.callback_missing', 'sso.tsa_key_missing'],
  ],
  [
    /^POST \/api\/login\/passkey\/verify$/,
    [...validated, ...flowStep, 'passkey.refused', 'sso.callback_missing', ...signInRefusals],
  ],
  // The account center: the signed-in person's own account (docs/account-center.md).
  [/^GET \/api\/me(\/profile)?$/, ['session.required']],
  [/^GET \/api\/me\/(data|deletion)$/, ['session.required', 'rate_limited']],
  [
    /^(POST|DELETE) \/api\/me\/deletion$/,
    [
      ...validated,
      'request.malformed_json',
      'origin.forbidden',
      'session.required',
      'rate_limited',
      'password.required',
      'password.incorrect',
      'account.fresh_sign_in_required',
      'account.deletion_pending',
    ],
  ],
  [
    /^POST \/api\/me\/profile$/,
    [
      ...validated,
      'request.malformed_json',
      'origin.forbidden',
      'session.required',
      'rate_limited',
      'name.required',
      'name.invalid',
      'name.too_long',
    ],
  ],
  [
    /^POST \/api\/me\/continue$/,
    [...validated, 'request.malformed_json', 'origin.forbidden', 'session.required', 'rate_limited'],
  ],
  [
    /^POST \/api\/me\/logout$/,
    [...validated, 'request.malformed_json', 'origin.forbidden', 'session.required'],
  ],
  [/^GET \/api\/me\/security$/, ['session.required']],
  [
    /^POST \/api\/me\/password$/,
    [
      ...validated,
      'request.malformed_json',
      'origin.forbidden',
      'session.required',
      'rate_limited',
      ...newPassword,
      'password.incorrect',
      'password.unchanged',
    ],
  ],
  [
    /^POST \/api\/me\/email$/,
    [
      ...validated,
      'request.malformed_json',
      'origin.forbidden',
      'session.required',
      'rate_limited',
      'email.required',
      'email.invalid',
      'email.unchanged',
      'password.required',
      'password.incorrect',
      'account.already_exists',
    ],
  ],
  [
    /^POST \/api\/me\/email\/(verify|resend)$/,
    [...validated, ...flowStep, ...codeStep, 'session.required', 'account.already_exists'],
  ],
  [
    /^DELETE \/api\/me\/providers\//,
    [
      ...validated,
      'origin.forbidden',
      'session.required',
      'rate_limited',
      'provider.not_linked',
      'account.last_sign_in_method',
    ],
  ],
  // The Devices and Platforms & tools pages: reads and changes throttled per account; a change is same-origin only.
  [/^GET \/api\/me\/(sessions|access)$/, ['session.required', 'rate_limited']],
  [/^GET \/api\/me\/sign-ins$/, [...validated, 'session.required', 'rate_limited']],
  [
    /^DELETE \/api\/me\/sessions\/:id$/,
    [...validated, 'origin.forbidden', 'session.required', 'rate_limited', 'session.not_found'],
  ],
  [
    /^POST \/api\/me\/sessions\/end-others$/,
    ['request.malformed_json', 'origin.forbidden', 'session.required', 'rate_limited'],
  ],
  [
    /^DELETE \/api\/me\/tools\/:tid$/,
    [
      ...validated,
      'origin.forbidden',
      'session.required',
      'rate_limited',
      'tool.access_not_found',
      'tool.access_managed',
    ],
  ],
  [
    /^DELETE \/api\/me\/apps\/:clientId$/,
    [...validated, 'origin.forbidden', 'session.required', 'rate_limited', 'oidc.consent_not_found'],
  ],
  // Second factors (mfa/routes.ts, docs/second-factors.md): set-up by the signed-in person, and
  // the second step of a sign-in.
  [/^GET \/api\/me\/second-factors$/, ['session.required']],
  [
    /^(POST|DELETE) \/api\/me\/second-factors\//,
    [
      ...validated,
      'request.malformed_json',
      'origin.forbidden',
      'session.required',
      'rate_limited',
      'second_factor.code_required',
      'second_factor.code_incorrect',
      'second_factor.already_enrolled',
      'second_factor.enrolment_not_started',
      'second_factor.not_enrolled',
      'second_factor.method_unavailable',
      'password.required',
      'password.incorrect',
    ],
  ],
  [/^GET \/api\/second-factor\/status$/, [...validated, 'flow.not_found', 'flow.expired']],
  [
    /^POST \/api\/second-factor\/verify$/,
    [
      ...validated,
      ...flowStep,
      'second_factor.code_required',
      'second_factor.code_incorrect',
      'second_factor.recovery_incorrect',
      'second_factor.method_unavailable',
      'passkey.refused',
      'oidc.interaction_invalid',
      ...signInRefusals,
    ],
  ],
  [
    /^POST \/api\/second-factor\/passkey-options$/,
    [...validated, ...flowStep, 'second_factor.method_unavailable', 'passkey.refused'],
  ],
  [
    /^POST \/api\/second-factor\/enrol/,
    [
      ...validated,
      ...flowStep,
      'second_factor.code_required',
      'second_factor.code_incorrect',
      'second_factor.already_enrolled',
      'second_factor.enrolment_not_started',
      'oidc.interaction_invalid',
      ...signInRefusals,
    ],
  ],
  [/^GET \/api\/social\/providers$/, []],
  [/^(GET|POST) \/api\/social\/link/, [...validated, ...flowStep, 'session.required', ...signInRefusals]],
  [/^GET \/auth\/social\//, [...validated, 'flow.not_found', 'rate_limited']],
  [
    /^POST \/api\/sso\/rqx$/,
    [
      ...validated,
      'request.malformed_json',
      'origin.forbidden',
      'rate_limited',
      'sso.tsa_key_missing',
      'sso.state_invalid',
      'account.format_invalid',
    ],
  ],
  [/^GET \/api\/sso\/tool$/, [...validated]],
  [
    /^GET \/api\/tools\/(ssorqx|toolcb)$/,
    [...validated, 'sso.tsa_key_missing', 'tool.unauthorized', 'tool.forbidden'],
  ],
  [/^GET \/api\/tools\/tparty$/, [...validated, 'sso.tsa_key_missing', 'sso.callback_missing']],
  [
    /^POST \/api\/tools\/ainfo\/redeem$/,
    [...validated, 'request.malformed_json', ...toolCredential, 'token.invalid', 'token.redeemed'],
  ],
  [/^GET \/api\/account\/read$/, [...validated, ...toolCredential, 'account.not_found']],
  [
    /^POST \/api\/platform\/work-accounts$/,
    [
      ...validated,
      'request.malformed_json',
      ...toolCredential,
      'account.not_found',
      'account.required',
      'account.format_invalid',
      'account.already_exists',
      'work_account.owner_required',
      'rate_limited',
    ],
  ],
  [/^GET \/sso\/logout$/, [...validated]],
  [/^GET \/favicon\.ico$/, []],
  [/^POST \/sso\/logout$/, [...validated, 'origin.forbidden', 'request.malformed_json']],
  [/^GET \/dev\/mail/, [...validated]],
  [/^GET \/api\/docs/, []],
  // OpenID Connect (oidc/routes.ts), throttled per address first: the one provider address the hub
  // answers itself, and discovery. The provider's own endpoints under /oidc are hidden here: the
  // provider documents them through discovery, and answers them in OAuth's error format.
  [/^GET \/oidc\/interaction\//, ['oidc.interaction_invalid', 'rate_limited']],
  [/^GET \/api\/oidc\/consent\//, [...validated, 'oidc.interaction_invalid', 'rate_limited']],
  [
    /^POST \/api\/oidc\/consent\//,
    [...validated, 'request.malformed_json', 'origin.forbidden', 'oidc.interaction_invalid', 'rate_limited'],
  ],
  [/^(GET|OPTIONS) \/\.well-known\/(openid-configuration|oauth-authorization-server)$/, ['rate_limited']],
  // Outside /api: the service's own probes and keys, and the local demo platform sites.
  [/^GET \/(healthz|readyz|\.well-known\/jwks\.json)$/, []],
  // The browser's icon request, redirected to the hub's SVG icon (http/static.ts).
  [/^GET \/demo\//, []],
];

/** The catalogue codes a route may answer with, by HTTP status; `hasRule` is false when no rule matched. */
export const errorCodesFor = (method: string, url: string) => {
  const key = `${method} ${url}`;
  const rule = errorRules.find(([pattern]) => pattern.test(key));
  const codes = new Set<ErrorCode>([...everyRoute, ...(rule?.[1] ?? [])]);
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of codes) {
    const { status } = errorCatalog[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return { hasRule: rule !== undefined, byStatus };
};

/** Routes whose success is a redirect (a browser navigation), not a JSON body. */
const redirects = [
  /^GET \/auth\/social\//,
  /^GET \/sso\/logout$/,
  /^GET \/demo\//,
  /^GET \/oidc\/interaction\//,
];

const statusText: Record<number, string> = {
  400: 'Bad request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not found',
  409: 'Conflict',
  410: 'Gone',
  413: 'Body too large',
  415: 'Unsupported body type',
  429: 'Too many requests',
  500: 'Internal error',
  503: 'Unavailable',
};

/** Every error body: a catalogue code, its text, and optionally its params, the field and the wait. */
const errorBodySchema = (codes?: ErrorCode[]) => ({
  type: 'object' as const,
  required: ['code', 'message'],
  properties: {
    code: {
      type: 'string' as const,
      description: 'A catalogue code; the message is its text.',
      ...(codes ? { enum: codes } : {}),
    },
    message: { type: 'string' as const, description: 'The English text of the code, for tools and logs.' },
    params: {
      type: 'object' as const,
      description:
        'The values the message interpolates (e.g. seconds, tool, platform), so a client can render ' +
        'the code in its own wording or language.',
      additionalProperties: { type: ['string' as const, 'number' as const] },
    },
    field: { type: 'string' as const, description: 'The input field the error concerns, if one.' },
    retryAfter: { type: 'integer' as const, description: 'Seconds to wait (throttles, overload).' },
  },
});

const errorResponse = (status: number, codes: ErrorCode[]) => ({
  description: `${statusText[status] ?? 'Error'}: ${codes.join(', ')}`,
  ...(status === 429 || status === 503
    ? {
        headers: {
          'retry-after': { type: 'integer', description: 'Seconds to wait before trying again.' },
        },
      }
    : {}),
  content: {
    'application/json': {
      schema: errorBodySchema(codes),
    },
  },
});

/**
 * The OpenAPI 3.1 document, built by @fastify/swagger from the routes as they are registered: the
 * zod schemas each route already validates with become its parameters, body and 200 answer
 * (fastify-type-provider-zod turns them into JSON Schema), and the error answers are added from
 * the table above. Must be registered before the routes, since it collects them as they come.
 */
export const registerOpenApi = async (app: FastifyInstance, options: { publicUrl: string }) => {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Account Hub API',
        version: '1',
        description:
          'The hub’s HTTP interface: the browser flows (login, sign-up, reset, switching, linking, ' +
          'work accounts, social sign-in), single sign-on for partner tools, and the platform API. ' +
          'Every error answer is { code, message, params?, field?, retryAfter? } with a catalogue code.',
      },
      servers: [{ url: options.publicUrl }],
      components: {
        schemas: {
          Error: errorBodySchema(),
        },
      },
    },
    transform: (document) => {
      const transformed = jsonSchemaTransform(document);
      // A route without a schema (a probe, a redirect) is still documented, with its error answers.
      const schema = (transformed.schema ?? {}) as Record<string, unknown> & { hide?: boolean };
      if (schema.hide) return transformed;
      const method = String(document.route.method);
      const key = `${method} ${document.url}`;
      const response = { ...((schema.response as Record<string, unknown> | undefined) ?? {}) };
      const declaresSuccess = Object.keys(response).some((status) => /^[23]/.test(status));
      if (!declaresSuccess) {
        response[redirects.some((pattern) => pattern.test(key)) ? '302' : '200'] = {
          description: redirects.some((pattern) => pattern.test(key)) ? 'Redirect' : 'Success',
        };
      }
      for (const [status, codes] of errorCodesFor(method, document.url).byStatus) {
        response[String(status)] = errorResponse(status, codes);
      }
      // A body the server will not read: too large (over 64 kB), or not JSON.
      if (method === 'POST') {
        response['413'] = errorResponse(413, ['request.invalid']);
        response['415'] = errorResponse(415, ['request.invalid']);
      }
      return { ...transformed, schema: { ...schema, response } };
    },
    transformObject: jsonSchemaTransformObject,
  });

  app.get(OPENAPI_JSON_PATH, async (_request, reply) =>
    reply.header('cache-control', 'no-cache').send(app.swagger()),
  );
  let html: string | undefined;
  app.get(OPENAPI_HTML_PATH, async (_request, reply) => {
    html ??= renderReference(app.swagger() as OpenApiDocument);
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
  });
};

interface OpenApiOperation {
  summary?: string;
  description?: string;
  parameters?: Array<{ name: string; in: string; required?: boolean; schema?: unknown }>;
  requestBody?: { content?: Record<string, { schema?: unknown }> };
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: unknown }> }>;
}

interface OpenApiDocument {
  info: { title: string; description?: string; version: string };
  paths: Record<string, Record<string, OpenApiOperation>>;
}

const json = (value: unknown) => `<pre><code>${escapeHtml(JSON.stringify(value, null, 2))}</code></pre>`;

/**
 * A readable reference rendered on the server from the document: plain HTML, no script, no
 * stylesheet, no font, so it works under the hub's Content-Security-Policy and without any
 * third-party asset. Browsers' own styles and <details> make it navigable enough.
 */
export const renderReference = (document: OpenApiDocument): string => {
  const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ path, method: method.toUpperCase(), operation })),
  );
  const anchor = (method: string, path: string) =>
    `${method}-${path}`.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  const index = operations
    .map(
      ({ path, method }) =>
        `<li><a href="#${anchor(method, path)}"><code>${method} ${escapeHtml(path)}</code></a></li>`,
    )
    .join('\n');
  const sections = operations
    .map(({ path, method, operation }) => {
      const parameters = (operation.parameters ?? [])
        .map(
          (p) =>
            `<tr><td><code>${escapeHtml(p.name)}</code></td><td>${escapeHtml(p.in)}</td><td>${p.required ? 'yes' : 'no'}</td><td>${json(p.schema)}</td></tr>`,
        )
        .join('');
      const body = operation.requestBody?.content?.['application/json']?.schema;
      const responses = Object.entries(operation.responses ?? {})
        .map(
          ([status, response]) =>
            `<dt><code>${escapeHtml(status)}</code> ${escapeHtml(response.description ?? '')}</dt><dd>${
              response.content?.['application/json']?.schema
                ? `<details><summary>Body</summary>${json(response.content['application/json'].schema)}</details>`
                : ''
            }</dd>`,
        )
        .join('');
      return `<section id="${anchor(method, path)}">
<h2><code>${method} ${escapeHtml(path)}</code></h2>
${operation.description ? `<p>${escapeHtml(operation.description)}</p>` : ''}
${parameters ? `<h3>Parameters</h3><table><thead><tr><th>Name</th><th>In</th><th>Required</th><th>Schema</th></tr></thead><tbody>${parameters}</tbody></table>` : ''}
${body ? `<h3>Request body</h3><details><summary>JSON</summary>${json(body)}</details>` : ''}
<h3>Responses</h3><dl>${responses}</dl>
</section>`;
    })
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(document.info.title)} reference</title>
</head>
<body>
<main>
<h1>${escapeHtml(document.info.title)} <small>v${escapeHtml(document.info.version)}</small></h1>
<p>${escapeHtml(document.info.description ?? '')}</p>
<p>Machine-readable: <a href="${OPENAPI_JSON_PATH}">${OPENAPI_JSON_PATH}</a> (OpenAPI 3.1).</p>
<nav aria-label="Routes"><ul>
${index}
</ul></nav>
${sections}
</main>
</body>
</html>
`;
};
