import { findUnstorableText } from '@hub/core';
import type { FastifyInstance } from 'fastify';
import { HubError } from '../errors.js';

/**
 * The string rule at the door of every route, with a schema or without: a path, query or body value
 * holding a NUL or a lone surrogate is refused with request.invalid before any handler runs. The
 * schemas apply the same rule field by field and answer first; this catches a route (or a field)
 * that forgot it, so PostgreSQL never sees such text.
 */
export const registerStorableInputCheck = (app: FastifyInstance) => {
  app.addHook('preHandler', async (request) => {
    for (const part of [request.params, request.query, request.body]) {
      const at = findUnstorableText(part);
      if (at !== undefined) throw new HubError('request.invalid', at ? { field: at } : {});
    }
  });
};
