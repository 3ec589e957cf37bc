import type { z } from 'zod';
import { redirectSchema } from './auth.js';
import { logoutQuerySchema } from './sso.js';

/** Log out from the account center and the header (docs/account-center.md "Log out"). */
export const meLogoutEndpoints = {
  /** POST: end this browser's hub session, as single logout does. */
  logout: '/api/me/logout',
} as const;

/**
 * The tool session this browser keeps, if any (spec §3 pm_tool_session: its tid and callback
 * environment), so single logout can tell that tool: the same fields as /sso/logout's form. Both
 * optional; the answer only ever names a URL the tool registered, else the hub's home.
 */
export const meLogoutRequestSchema = logoutQuerySchema.strict();
export type MeLogoutRequest = z.infer<typeof meLogoutRequestSchema>;

/** Where the browser goes now: the tool's registered logout address, or `/` (the landing). */
export const meLogoutResponseSchema = redirectSchema;
