import type { Language } from '@hub/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { requestLanguage } from '../http/language.js';
import {
  deviceTokenOf,
  existingFlowBinding,
  flowBinding,
  originOf,
  requireSameOrigin,
} from '../http/request-context.js';
import { signedInPerson } from '../http/signed-in.js';
import type { Hub } from '../hub.js';
import type { ClientOrigin } from '../services/audit.js';
import { CHALLENGE_HEADER } from '../services/stuffing.js';

/**
 * Who calls a step of a flow: the request's origin (the client IP for throttles, the request's id
 * and browser for the audit), the browser's flow binding for the flow, and the language the person
 * reads (the mail a step queues is written in it; English when unknown).
 */
export interface FlowCaller extends ClientOrigin {
  binding: string;
  language?: Language;
  /** The browser's device cookie (services/device.ts): a known device of the account is never challenged. */
  device?: string | undefined;
  /** A solved proof-of-work challenge, when the page sent one (services/stuffing.ts). */
  challenge?: string | undefined;
}

/**
 * Who is calling a flow endpoint: the client IP for throttles and the browser's flow binding.
 * Every call must come from the hub's own pages; a flow's first step may create the binding.
 */
export const callerOf = (
  hub: Hub,
  request: FastifyRequest,
  reply: FastifyReply,
  starts = false,
): FlowCaller => {
  requireSameOrigin(request, hub.config);
  const binding = starts ? flowBinding(request, reply, hub.config) : existingFlowBinding(request, hub.config);
  const challenge = request.headers[CHALLENGE_HEADER];
  // The request's origin last: an object literal that opens with a spread is slow to take new keys
  // on Node 20 (docs/performance.md "Objects opened by a spread"); none of these keys is the origin's.
  return {
    binding,
    language: requestLanguage(request),
    device: deviceTokenOf(hub.config, request.cookies),
    challenge: typeof challenge === 'string' ? challenge : undefined,
    ...originOf(request),
  };
};

/** A read of a flow (GET): changes nothing, so no Origin check, but only the binding browser may read it. */
export const readerOf = (hub: Hub, request: FastifyRequest) => ({
  binding: existingFlowBinding(request, hub.config),
  ...originOf(request),
});

/** The account this browser is signed in as (its live hub session); 'Please sign in to continue.' otherwise. */
export const signedInAccount = async (hub: Hub, request: FastifyRequest) =>
  (await signedInPerson(hub, request)).account;

/** A step of a flow the signed-in account takes (linking, the default platform): the caller, then the account. */
export const signedInCallerOf = async (
  hub: Hub,
  request: FastifyRequest,
  reply: FastifyReply,
  starts = false,
) => {
  const caller = callerOf(hub, request, reply, starts);
  return { caller, account: await signedInAccount(hub, request) };
};
