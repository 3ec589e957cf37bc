import type { FastifyRequest } from 'fastify';
import { HubError } from '../errors.js';
import type { Hub } from '../hub.js';
import { requireSameOrigin } from './request-context.js';
import { currentSession } from './session.js';

/**
 * The account center acts only for the person whose live hub session this browser holds.
 * A read needs the session; a change also needs the request to come from the hub's own pages
 * (the same Origin rule as every flow step, docs/security.md), checked before anything is read.
 */
export const signedInPerson = async (hub: Hub, request: FastifyRequest) => {
  const session = await currentSession(hub, request);
  const account = session ? await hub.accounts.findById(session.account_id) : undefined;
  if (!session || !account) throw new HubError('session.required');
  return { session, account };
};
export type SignedInPerson = Awaited<ReturnType<typeof signedInPerson>>;

/** A state-changing call of the account center: same-origin first, then the session. */
export const signedInChange = async (hub: Hub, request: FastifyRequest) => {
  requireSameOrigin(request, hub.config);
  return signedInPerson(hub, request);
};
