import type { FastifyInstance } from 'fastify';
import type { HubDatabase } from '../storage/database.js';

/** /healthz: the process lives. /readyz: and its database answers. */
export const registerHealthRoutes = (app: FastifyInstance, database: HubDatabase) => {
  app.get('/healthz', { schema: { errors: [] } }, async (_request, reply) =>
    reply.header('cache-control', 'no-store').send({ status: 'ok' }),
  );
  app.get('/readyz', { schema: { errors: [] } }, async (_request, reply) => {
    const ready = await database.ping();
    return reply
      .status(ready ? 200 : 503)
      .header('cache-control', 'no-store')
      .send({ status: ready ? 'ready' : 'unavailable', database: database.dialect });
  });
};
