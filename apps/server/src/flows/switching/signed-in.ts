import type { FastifyRequest } from 'fastify';
import { HubError } from '../../errors.js';
import { currentSession } from '../../http/session.js';
import type { Hub } from '../../hub.js';

/** The account this browser is signed in as (its live hub session); 'Please sign in to continue.' otherwise. */
export const signedInAccount = async (hub: Hub, request: FastifyRequest) => {
  const session = await currentSession(hub, request);
  const account = session ? await hub.accounts.findById(session.account_id) : undefined;
  if (!session || !account) throw new HubError('session.required');
  return account;
};
