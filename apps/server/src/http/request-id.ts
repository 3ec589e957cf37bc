import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

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

const requestScope = new AsyncLocalStorage<{ requestId: string; userAgent: string | undefined }>();

/**
 * The id of the request this code runs for, if any. The audit recorder reads it here rather than
 * from every caller, so no flow has to carry it along.
 */
export const currentRequestId = (): string | undefined => requestScope.getStore()?.requestId;

/** The User-Agent of the request this code runs for (cut to 512 characters), for the audit row. */
export const currentUserAgent = (): string | undefined => requestScope.getStore()?.userAgent;

/**
 * Echoes the request id on every answer, and runs each route handler inside the request's scope
 * for `currentRequestId`. The scope is entered in preHandler, not onRequest: reading a body happens
 * in the socket's own async context, which would lose a scope entered earlier.
 */
export const registerRequestId = (app: FastifyInstance) => {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
  app.addHook('preHandler', (request, _reply, done) => {
    const userAgent = request.headers['user-agent']?.slice(0, 512);
    requestScope.run({ requestId: request.id, userAgent }, done);
  });
};
