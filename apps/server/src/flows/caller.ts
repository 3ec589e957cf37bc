import type { FastifyReply, FastifyRequest } from 'fastify';
import { existingFlowBinding, flowBinding, requireSameOrigin } from '../http/request-context.js';
import type { Hub } from '../hub.js';

/** Who calls a step of a flow: the client IP for throttles, the browser's flow binding for the flow. */
export interface FlowCaller {
  ip: string;
  binding: string;
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
  return { ip: request.ip, binding };
};

/** A read of a flow (GET): changes nothing, so no Origin check, but only the binding browser may read it. */
export const readerOf = (hub: Hub, request: FastifyRequest) => ({
  ip: request.ip,
  binding: existingFlowBinding(request, hub.config),
});
