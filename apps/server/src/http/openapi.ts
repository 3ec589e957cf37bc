import fastifySwagger from '@fastify/swagger';
import { type ErrorCode, errorCatalog } from '@hub/core';
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { escapeHtml } from '../services/html.js';
import type { RouteErrors } from './route-errors.js';

export const OPENAPI_JSON_PATH = '/api/docs/json';
export const OPENAPI_HTML_PATH = '/api/docs';

/**
 * The codes every route can answer besides the ones it declares (http/route-errors.ts): a fault
 * (`internal`), overload (`service.overloaded`), and input the app-wide rules refuse
 * (`request.invalid`: a schema's validation, and text PostgreSQL cannot store, http/storable-input.ts).
 */
const everyRoute: ErrorCode[] = ['internal', 'service.overloaded', 'request.invalid'];

/** The catalogue codes a route may answer with, by HTTP status: its declared ones and everyRoute's. */
export const errorCodesFor = (declared: RouteErrors) => {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of new Set<ErrorCode>([...everyRoute, ...declared])) {
    const { status } = errorCatalog[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return byStatus;
};

/**
 * Refuses, at registration, a route that does not declare its errors: the type requires the field
 * on every route with a schema, this catches the routes registered without one. Routes hidden from
 * the document (the web build's files, the OpenID Connect provider's own endpoints) are left alone.
 */
const requireDeclaredErrors = (route: RouteOptions) => {
  const schema = route.schema as Partial<FastifySchema> & { hide?: boolean };
  if (schema?.hide || Array.isArray(schema?.errors)) return;
  throw new Error(
    `${[route.method].flat().join(',')} ${route.url} declares no errors: add schema.errors (http/route-errors.ts)`,
  );
};

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
 * (fastify-type-provider-zod turns them into JSON Schema), and its error answers are built from the
 * codes the route declares beside them (`schema.errors`, http/route-errors.ts). Must be registered
 * before the routes, since it collects them as they come (and refuses one that declares no errors).
 */
export const registerOpenApi = async (app: FastifyInstance, options: { publicUrl: string }) => {
  // First, so that a route refused here is not collected into the document either.
  app.addHook('onRoute', requireDeclaredErrors);
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
      // The route's own declarations (http/route-errors.ts) are read here and kept out of the document.
      const { errors = [], redirect, ...declared } = document.schema ?? {};
      const transformed = jsonSchemaTransform({ ...document, schema: declared as FastifySchema });
      const schema = (transformed.schema ?? {}) as { response?: Record<string, unknown>; hide?: boolean };
      if (schema.hide) return transformed;
      const methods = [document.route.method].flat();
      const response = { ...(schema.response ?? {}) };
      const declaresSuccess = Object.keys(response).some((status) => /^[23]/.test(status));
      if (!declaresSuccess) {
        response[redirect ? '302' : '200'] = { description: redirect ? 'Redirect' : 'Success' };
      }
      for (const [status, codes] of errorCodesFor(errors)) {
        response[String(status)] = errorResponse(status, codes);
      }
      // A body the server will not read: too large (over 64 kB), or not JSON.
      if (methods.includes('POST')) {
        response['413'] = errorResponse(413, ['request.invalid']);
        response['415'] = errorResponse(415, ['request.invalid']);
      }
      // The document's operation, no longer a route schema: it carries no `errors` of its own.
      return { ...transformed, schema: { ...schema, response } as unknown as FastifySchema };
    },
    transformObject: jsonSchemaTransformObject,
  });

  app.get(OPENAPI_JSON_PATH, { schema: { errors: [] } }, async (_request, reply) =>
    reply.header('cache-control', 'no-cache').send(app.swagger()),
  );
  let html: string | undefined;
  app.get(OPENAPI_HTML_PATH, { schema: { errors: [] } }, async (_request, reply) => {
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
