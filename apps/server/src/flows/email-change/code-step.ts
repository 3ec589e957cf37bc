import { policy } from '../../policy.js';
import { defineCodeStep } from '../code-step.js';
import { emailChangeStates } from './flow.js';

/**
 * The email change's code step (the account center's flow, me/email.ts): the code goes to the NEW
 * address, and a right code completes the flow in one transaction with the change itself.
 */
export const emailChangeCodeStep = defineCodeStep({
  kind: 'email_change',
  move: { from: emailChangeStates.codeSent, to: emailChangeStates.completed },
  ttlMs: policy.emailChangeFlowTtlMs,
});
