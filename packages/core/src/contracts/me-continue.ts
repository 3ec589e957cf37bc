import { z } from 'zod';
import { platforms } from '../platform.js';
import { redirectSchema } from './auth.js';

/** The landing's cards for a signed-in person ('Continue'): on to the platform's site. */
export const meContinueEndpoints = {
  /** POST: the platform exit for the signed-in account, as its login would end. */
  continue: '/api/me/continue',
} as const;

export const meContinueRequestSchema = z.object({ platform: z.enum(platforms) }).strict();
export type MeContinueRequest = z.infer<typeof meContinueRequestSchema>;

/** The platform site's /sso/account/auth with a fresh ainfo, or the platform's login when it has a say first. */
export const meContinueResponseSchema = redirectSchema;
