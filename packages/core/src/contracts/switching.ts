import { z } from 'zod';
import { secondFactorNeededSchema } from './auth.js';
import {
  identifyStepRequestSchema,
  linkedRedirectSchema,
  passwordStepRequestSchema,
  passwordStepSchema,
} from './flow-steps.js';

/**
 * Switching option1 (spec §2, §4): the account that lives on the other platform joins this one,
 * `/{platform}/switching/option1`. Its password links it, then the user returns to the tool
 * (account type 3) or to the platform site.
 */

export const switchingIdentifyRequestSchema = identifyStepRequestSchema;
export const switchingIdentifyResponseSchema = passwordStepSchema;
/** The sync call (spec §7 sync/attempt): a valid password links the account to the platform. */
export const switchingPasswordRequestSchema = passwordStepRequestSchema;
export const switchingPasswordResponseSchema = z.discriminatedUnion('next', [
  linkedRedirectSchema,
  secondFactorNeededSchema,
]);

export type SwitchingIdentifyRequest = z.infer<typeof switchingIdentifyRequestSchema>;
export type SwitchingIdentifyResponse = z.infer<typeof switchingIdentifyResponseSchema>;

/** The endpoints, in one place for server and client. */
export const switchingEndpoints = {
  switchingIdentify: '/api/switching/identify',
  switchingPassword: '/api/switching/password',
} as const;
