import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { errorCatalog, isErrorCode } from '@hub/core';
import { Validator } from '@seriousme/openapi-schema-validator';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestHub, type TestHub } from '../test-support/app.js';
import { registerOpenApi } from './openapi.js';

// A small web build, so the static-file routes exist too (they are hidden from the document).
const webDist = mkdtempSync(join(tmpdir(), 'hub-web-'));
mkdirSync(join(webDist, 'assets'));
writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>Account Hub</title>');
writeFileSync(join(webDist, 'assets', 'index-abc123.js'), 'console.log(1)');

let hub: TestHub;
beforeAll(async () => {
  hub = await createTestHub('sqlite', { WEB_DIST: webDist });
});
afterAll(async () => {
  await hub.close();
  rmSync(webDist, { recursive: true, force: true });
});

interface Operation {
  responses: Record<
    string,
    {
      description: string;
      content?: { 'application/json': { schema: { properties?: { code?: { enum?: string[] } } } } };
    }
  >;
}
type OpenApiPaths = Record<string, Record<string, Operation>>;

/**
 * Every route Fastify has, read from its own route tree (printRoutes), not from the document:
 * `METHOD /path` with `{param}` for `:param`. HEAD routes Fastify adds beside each GET are left out.
 */
const registeredRoutes = (tree: string) => {
  const routes = new Set<string>();
  const stack: string[] = [];
  for (const line of tree.split('\n')) {
    const at = line.indexOf('── ');
    if (at < 0) continue;
    const depth = (at - 1) / 4;
    const match = /^(.*?)(?: \(([A-Z, ]+)\))?$/.exec(line.slice(at + 3));
    if (!match) continue;
    const path = (stack[depth - 1] ?? '') + match[1];
    stack[depth] = path;
    stack.length = depth + 1;
    for (const method of match[2]?.split(', ') ?? []) {
      if (method !== 'HEAD') routes.add(`${method} ${path.replace(/:([A-Za-z_]+)/g, '{$1}')}`);
    }
  }
  return routes;
};

const documented = (paths: OpenApiPaths) =>
  new Set(
    Object.entries(paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
    ),
  );

describe('the OpenAPI document at /api/docs/json', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const res = await hub.app.inject('/api/docs/json');
    expect(res.statusCode).toBe(200);
    const document = res.json();
    expect(document.openapi).toBe('3.1.0');
    const result = await new Validator().validate(document);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('documents every registered route, and no route that is not registered', async () => {
    const { paths } = (await hub.app.inject('/api/docs/json')).json() as { paths: OpenApiPaths };
    const registered = registeredRoutes(hub.app.printRoutes({ commonPrefix: false }));
    // Only the web build's files are left out (each is a route of its own, hidden by @fastify/static),
    // and the OpenID Connect provider's endpoints under /oidc (one wildcard route, which the route
    // tree prints as a bare `*`): the provider documents them through discovery, in its own format.
    const files = [...registered].filter((route) => /^GET \/(assets\/|index\.html$)/.test(route));
    expect(files.length).toBeGreaterThan(0);
    const provider = [...registered].filter((route) => /^(GET|POST|OPTIONS) (\/oidc\/)?\*$/.test(route));
    expect(hub.app.hasRoute({ method: 'POST', url: '/oidc/*' })).toBe(true);
    const expected = [...registered]
      .filter((route) => !files.includes(route) && !provider.includes(route))
      .sort();
    expect([...documented(paths)].sort()).toEqual(expected);
    // The flows, SSO and platform API are all there.
    for (const route of [
      'POST /api/login/identify',
      'POST /api/signup/start',
      'POST /api/tools/ainfo/redeem',
      'GET /api/account/read',
      'GET /auth/social/{provider}/start',
    ]) {
      expect(expected).toContain(route);
    }
  });

  it('gives every route its error answers, each status with the catalogue codes that carry it', async () => {
    const { paths } = (await hub.app.inject('/api/docs/json')).json() as { paths: OpenApiPaths };
    for (const [path, methods] of Object.entries(paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        const route = `${method.toUpperCase()} ${path}`;
        const success = Object.keys(operation.responses).filter((status) => /^[23]/.test(status));
        expect(success.length, route).toBeGreaterThan(0);
        const errors = Object.entries(operation.responses).filter(([status]) => /^[45]/.test(status));
        expect(
          errors.map(([status]) => status),
          route,
        ).toEqual(expect.arrayContaining(['500', '503']));
        for (const [status, response] of errors) {
          const codes = response.content?.['application/json'].schema.properties?.code?.enum ?? [];
          expect(codes.length, `${route} ${status}`).toBeGreaterThan(0);
          for (const code of codes) {
            expect(isErrorCode(code), code).toBe(true);
            // Fastify's own refusals of a body it will not read carry request.invalid with their status.
            const bodyRefusal = code === 'request.invalid' && (status === '413' || status === '415');
            if (isErrorCode(code) && !bodyRefusal) {
              expect(errorCatalog[code].status, `${route} ${code}`).toBe(Number(status));
            }
          }
        }
      }
    }
    const codesOf = (path: string, method: string, status: string) =>
      paths[path]?.[method]?.responses[status]?.content?.['application/json'].schema.properties?.code?.enum;
    expect(codesOf('/api/login/password', 'post', '401')).toEqual(['password.incorrect']);
    expect(codesOf('/api/signup/start', 'post', '409')).toEqual(['account.already_exists']);
    expect(codesOf('/api/login/identify', 'post', '429')).toEqual(['rate_limited']);
    expect(codesOf('/api/tools/ainfo/redeem', 'post', '409')).toEqual(['token.redeemed']);
    expect(codesOf('/api/login/identify', 'post', '503')).toContain('service.overloaded');
  });

  it('lists the code of every refusal a route gives to bad requests, under its status', async () => {
    const { paths } = (await hub.app.inject('/api/docs/json')).json() as { paths: OpenApiPaths };
    const origin = new URL(hub.config.publicUrl).origin;
    let checked = 0;
    const missing = new Set<string>();
    for (const [path, methods] of Object.entries(paths)) {
      const url = path.replace('{provider}', 'google').replace('{platform}', 'psl');
      for (const [method, operation] of Object.entries(methods)) {
        const attempts =
          method === 'post'
            ? [
                { payload: { x: 1 }, headers: { origin } },
                { payload: {}, headers: {} },
                { payload: '{"broken', headers: { origin, 'content-type': 'application/json' } },
                { payload: 'plain', headers: { origin, 'content-type': 'text/plain' } },
                { payload: { big: 'x'.repeat(70_000) }, headers: { origin } },
              ]
            : [{ query: '?flowId=%00&tsa_key=nope&tid=abc&env=mars&ainfo=x' }, { query: '' }];
        for (const attempt of attempts) {
          const res = await hub.app.inject({
            method: method.toUpperCase() as 'GET' | 'POST',
            url: `${url}${'query' in attempt ? attempt.query : ''}`,
            remoteAddress: '192.0.2.77',
            ...('payload' in attempt ? { payload: attempt.payload, headers: attempt.headers } : {}),
          });
          if (res.statusCode < 400 || !String(res.headers['content-type']).startsWith('application/json'))
            continue;
          const { code } = res.json() as { code?: string };
          if (path === '/readyz') continue;
          const documentedCodes =
            operation.responses[String(res.statusCode)]?.content?.['application/json'].schema.properties?.code
              ?.enum ?? [];
          if (!documentedCodes.includes(code ?? '')) {
            missing.add(`${method.toUpperCase()} ${path} answered ${res.statusCode} ${code}`);
          }
          checked += 1;
        }
      }
    }
    expect([...missing]).toEqual([]);
    expect(checked).toBeGreaterThan(100);
  });

  it('is built from the errors each route declares beside its schema, and refuses a route that declares none', async () => {
    const { paths } = (await hub.app.inject('/api/docs/json')).json() as { paths: OpenApiPaths };
    const codesOf = (path: string, method: string) =>
      Object.entries(paths[path]?.[method]?.responses ?? {})
        .filter(([status]) => /^[45]/.test(status))
        .flatMap(([, response]) => response.content?.['application/json'].schema.properties?.code?.enum ?? [])
        .sort();
    // What flows/login/routes.ts declares, and what every route can answer: nothing more.
    expect(codesOf('/api/login/password', 'post')).toEqual(
      [
        ...['request.malformed_json', 'origin.forbidden', 'flow.not_found', 'flow.expired', 'rate_limited'],
        ...['challenge.required', 'challenge.invalid'],
        ...['password.required', 'password.incorrect'],
        ...['account.not_registered_to_tool', 'account.not_registered_to_platform'],
        ...['account.company_on_personal', 'account.client_refused', 'sso.tsa_key_missing'],
        'account.locked',
        ...['internal', 'service.overloaded', 'request.invalid', 'request.invalid', 'request.invalid'],
      ].sort(),
    );
    // A route that declares no codes of its own still gets those every route can answer.
    expect(codesOf('/healthz', 'get')).toEqual(['internal', 'request.invalid', 'service.overloaded']);
    // The declarations stay out of the document.
    expect(JSON.stringify(paths)).not.toMatch(/"(errors|redirect)":/);

    // Every route declares its errors: the type requires the field on a route with a schema, and
    // registration refuses any route (with a schema or without) that does not have it.
    const app = Fastify();
    await registerOpenApi(app, { publicUrl: 'http://127.0.0.1' });
    expect(() => app.get('/undeclared', async () => 'x')).toThrow(/GET \/undeclared declares no errors/);
    expect(() => app.post('/undeclared-too', { schema: {} as { errors: [] } }, async () => 'x')).toThrow(
      /POST \/undeclared-too declares no errors/,
    );
    app.get('/declared', { schema: { errors: [] } }, async () => 'x');
    app.get('/hidden', { schema: { hide: true, errors: [] } }, async () => 'x');
    await app.ready();
    expect(Object.keys((app.swagger() as { paths: object }).paths)).toEqual([
      '/api/docs/json',
      '/api/docs',
      '/declared',
    ]);
    await app.close();
  });

  it('documents the request bodies and answers from the routes’ own zod schemas', async () => {
    const { paths } = (await hub.app.inject('/api/docs/json')).json();
    const identify = paths['/api/login/identify'].post;
    expect(identify.requestBody.content['application/json'].schema).toMatchObject({
      type: 'object',
      required: ['platform', 'account'],
      properties: { platform: { enum: ['psl', 'biz'] } },
    });
    expect(identify.responses['200'].content['application/json'].schema.oneOf).toHaveLength(2);
  });
});

describe('the reference at /api/docs', () => {
  it('is one HTML page listing every route, with no script, style or asset from elsewhere (the CSP)', async () => {
    const { paths } = (await hub.app.inject('/api/docs/json')).json() as { paths: OpenApiPaths };
    const res = await hub.app.inject('/api/docs');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    const html = res.body;
    expect(html).not.toMatch(/<script|<style|<link|\sstyle=|\son[a-z]+=/i);
    expect(html).not.toMatch(/(src|href)="(https?:)?\/\//);
    for (const route of documented(paths))
      expect(html).toContain(`<code>${route.replaceAll('&', '&amp;')}</code>`);
  });
});
