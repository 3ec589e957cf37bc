import { z } from 'zod';
import { platforms } from '../platform.js';
import { accountViewSchema, flowContextSchema, flowStatusQuerySchema, redirectSchema } from './auth.js';
import { passwordStepRequestSchema } from './flow-steps.js';

/**
 * Switching option3 and option3/finalize: the signed-in account picks its default platform, then
 * confirms the choice with its password.
 */

export const defaultPlatformStateResponseSchema = z.object({
  account: accountViewSchema,
  /** The platforms the account is a member of; exactly one is the default (its home, the spec's `at`). */
  platforms: z.array(
    z.object({ platform: z.enum(platforms), isDefault: z.boolean(), linkedAt: z.number().int() }),
  ),
});
export const defaultPlatformStartRequestSchema = z
  .object({ platform: z.enum(platforms), context: flowContextSchema.optional() })
  .strict();
/** To `/{platform}/switching/option3/finalize?flow=…`, where the password confirms the choice. */
export const defaultPlatformStartResponseSchema = redirectSchema;
export const defaultPlatformStatusQuerySchema = flowStatusQuerySchema;
export const defaultPlatformStatusResponseSchema = z.object({
  state: z.enum(['chosen', 'completed']),
  /** The platform chosen as the new default. */
  platform: z.enum(platforms),
  /** The default platform now, before the choice is confirmed. */
  current: z.enum(platforms),
  account: accountViewSchema,
});
export const defaultPlatformConfirmRequestSchema = passwordStepRequestSchema;
/** The chosen platform's site (or the tool that sent the user), signed in. */
export const defaultPlatformConfirmResponseSchema = redirectSchema;

export type DefaultPlatformState = z.infer<typeof defaultPlatformStateResponseSchema>;
export type DefaultPlatformStartRequest = z.infer<typeof defaultPlatformStartRequestSchema>;
export type DefaultPlatformStatus = z.infer<typeof defaultPlatformStatusResponseSchema>;

/** The endpoints, in one place for server and client. */
export const defaultPlatformEndpoints = {
  defaultPlatformState: '/api/default-platform',
  defaultPlatformStart: '/api/default-platform/start',
  defaultPlatformStatus: '/api/default-platform/status',
  defaultPlatformConfirm: '/api/default-platform/confirm',
} as const;
