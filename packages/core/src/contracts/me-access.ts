import { z } from 'zod';
import { platforms } from '../platform.js';
import { accountViewSchema } from './auth.js';
import { STORED_INTEGER_MAX } from './input.js';

/**
 * The account center's Platforms & tools page (docs/account-center.md "Platforms & tools"): the
 * platforms, linked accounts, partner tools and OpenID Connect applications of the account, and
 * taking a tool's or an application's access away.
 */
export const meAccessEndpoints = {
  /** GET: platforms, links, tools and applications. */
  access: '/api/me/access',
  /** DELETE: ends a tool's access (its membership where the person may end it, and its tokens). */
  removeTool: '/api/me/tools/:tid',
  /** DELETE: revokes an OpenID Connect application's consent and every token it holds. */
  removeApp: '/api/me/apps/:clientId',
} as const;

export const mePlatformSchema = z.object({
  platform: z.enum(platforms),
  /** The platform the account was created on (spec `at`). */
  home: z.boolean(),
  /** The default platform (switching option3). */
  isDefault: z.boolean(),
  since: z.number().int(),
});

export const meLinkedAccountSchema = z.object({ account: accountViewSchema, since: z.number().int() });

export const meToolAccessSchema = z.object({
  tid: z.number().int(),
  name: z.string(),
  /** An open tool (type 1): signing in through it made the account a member. */
  open: z.boolean(),
  /** A member now (tool_memberships); false when only tokens the hub issued remain. */
  member: z.boolean(),
  memberSince: z.number().int().nullable(),
  /** The last sign-in that went to the tool, from the audit log (within its retention). */
  lastSignInAt: z.number().int().nullable(),
  /** False for a restricted tool's membership, which its operator manages. */
  removable: z.boolean(),
});
export type MeToolAccess = z.infer<typeof meToolAccessSchema>;

export const meAppAccessSchema = z.object({
  clientId: z.string(),
  name: z.string(),
  /** What the person allowed (OpenID Connect scopes). */
  scopes: z.array(z.string()),
  /** The hub's own application: signs in without a consent screen. */
  firstParty: z.boolean(),
});
export type MeAppAccess = z.infer<typeof meAppAccessSchema>;

export const meAccessSchema = z.object({
  platforms: z.array(mePlatformSchema),
  /** The account may link to a parent account (switching option2): no parent yet, not a work account. */
  mayLinkParent: z.boolean(),
  links: z.object({
    /** The parent account it was linked to (switching option2). */
    parent: meLinkedAccountSchema.nullable(),
    /** The business owner a work account was added by. */
    businessOwner: meLinkedAccountSchema.nullable(),
    /** Accounts linked under this one (switching option2). */
    children: z.array(meLinkedAccountSchema),
    /** Work accounts this business owner added. */
    workAccounts: z.array(meLinkedAccountSchema),
  }),
  tools: z.array(meToolAccessSchema),
  apps: z.array(meAppAccessSchema),
});
export type MeAccess = z.infer<typeof meAccessSchema>;

export const meToolParamsSchema = z
  .object({ tid: z.coerce.number().int().positive().max(STORED_INTEGER_MAX) })
  .strict();
export const meAppParamsSchema = z
  .object({ clientId: z.string().regex(/^[A-Za-z0-9._:-]{1,128}$/) })
  .strict();

export const meRemoveAccessResponseSchema = z.object({ removed: z.literal(true) });
