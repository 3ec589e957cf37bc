import type { z } from 'zod';
import {
  identifyStepRequestSchema,
  linkedRedirectSchema,
  passwordStepRequestSchema,
  passwordStepSchema,
} from './flow-steps.js';

/**
 * Switching option2 (spec §2, §6): the signed-in account is linked under a parent (a business
 * owner), `/{platform}/switching/option2`. Needs a hub session; the parent's password is the
 * parent's consent.
 */

/** The linking check, ref 1 (spec §7 linking/attempt): the parent account. */
export const linkingIdentifyRequestSchema = identifyStepRequestSchema;
export const linkingIdentifyResponseSchema = passwordStepSchema;
/** The linking check, ref 2: the parent's password. */
export const linkingPasswordRequestSchema = passwordStepRequestSchema;
export const linkingPasswordResponseSchema = linkedRedirectSchema;

export type LinkingIdentifyRequest = z.infer<typeof linkingIdentifyRequestSchema>;
export type LinkingIdentifyResponse = z.infer<typeof linkingIdentifyResponseSchema>;

/** The endpoints, in one place for server and client. */
export const linkingEndpoints = {
  linkingIdentify: '/api/linking/identify',
  linkingPassword: '/api/linking/password',
} as const;
