import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { runInRequestScope } from '../services/request-scope.js';

/**
 * An id a proxy or a caller may hand us: short, printable, and free of anything that could break a
 * log line or a header (no spaces, quotes or control characters).
 */
const VALID_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * Fastify's `genReqId`: the caller's X-Request-Id when it is a valid one (so a load balancer's id
 * follows the request through our logs), else a random UUID, which no other process of the hub
 * will ever make too.
 */
export const requestIdFor = (request: IncomingMessage): string => {
  const incoming = request.headers[REQUEST_ID_HEADER];
  const candidate = Array.isArray(incoming) ? incoming[0] : incoming;
  return candidate && VALID_REQUEST_ID.test(candidate) ? candidate : randomUUID();
};

/**
 * Echoes the request id on every answer, and runs each route handler inside the request's scope
 * (services/request-scope.ts, read by the audit recorder). The scope is entered in preHandler, not
 * onRequest: reading a body happens in the socket's own async context, which would lose a scope
 * entered earlier.
 */
export const registerRequestId = (app: FastifyInstance) => {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
  app.addHook('preHandler', (request, _reply, done) => {
    const userAgent = request.headers['user-agent']?.slice(0, 512);
    runInRequestScope({ requestId: request.id, userAgent }, done);
  });
};
