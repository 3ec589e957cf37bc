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

/**
 * Echoes the request id on every answer. The audit rows a request writes carry it too, handed along
 * with the client's address (http/request-context.ts `originOf`).
 */
export const registerRequestId = (app: FastifyInstance) => {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
};
