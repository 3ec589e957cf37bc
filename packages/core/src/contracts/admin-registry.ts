import { z } from 'zod';
import { appEnvs } from '../platform.js';
import { ADMIN_REASON_MAX } from './admin.js';
import { text } from './input.js';

/**
 * The console's tool and client registry (docs/console.md "Tools and clients"): admin role only.
 * No answer carries a tool credential or a client secret, except the one that creates or rotates
 * it, once. The values are checked on the server by the same rules as `hub tools` and
 * `hub clients` (apps/server/src/services/registry-checks.ts); here only their shape.
 */
export const adminRegistryEndpoints = {
  /** GET: every tool; POST: register one (its credential answered once). */
  tools: '/api/admin/tools',
  /** GET: one tool with its callbacks and members; POST: change its record. */
  tool: '/api/admin/tools/:tid',
  /** POST: one of the tool's changes (callbacks, tsa keys, members, the credential). */
  toolChange: '/api/admin/tools/:tid/:change',
  /** GET: every OpenID Connect client; POST: register one (its secret answered once). */
  clients: '/api/admin/clients',
  /** POST: change a client. */
  client: '/api/admin/clients/:clientId',
  /** POST: a new secret, answered once. */
  clientSecret: '/api/admin/clients/:clientId/rotate-secret',
} as const;

const reason = text(ADMIN_REASON_MAX).optional();
const tid = z.coerce.number().int().min(1).max(999_999_999);

export const adminToolChanges = [
  'set-callback',
  'remove-callback',
  'add-key',
  'remove-key',
  'add-member',
  'remove-member',
  'rotate-credential',
] as const;
export type AdminToolChange = (typeof adminToolChanges)[number];

export const adminToolParamsSchema = z.object({ tid });
export const adminToolChangeParamsSchema = z.object({ tid, change: z.enum(adminToolChanges) });
export const adminClientParamsSchema = z.object({ clientId: z.string().regex(/^[A-Za-z0-9_.:-]{1,100}$/) });

export const adminToolCreateSchema = z.object({
  tid,
  name: text(200),
  type: z.number().int().min(1).max(9999),
  logo: text(2000).nullable().optional(),
  pathPrefix: text(200).optional(),
  requireSecondFactor: z.boolean().optional(),
  reason,
});

export const adminToolUpdateSchema = z.object({
  name: text(200).optional(),
  type: z.number().int().min(1).max(9999).optional(),
  /** null or '' clears it. */
  logo: text(2000).nullable().optional(),
  pathPrefix: text(200).optional(),
  requireSecondFactor: z.boolean().optional(),
  reason,
});

/** The fields of a tool change; each change reads its own (as the `hub tools` subcommand of its name). */
export const adminToolChangeSchema = z.object({
  env: z.enum(appEnvs).optional(),
  name: text(64).optional(),
  url: text(2000).optional(),
  position: z.number().int().min(0).max(999).optional(),
  /** A platform's or a seeded tool's callbacks change only when asked for again with force. */
  force: z.boolean().optional(),
  key: text(100).optional(),
  /** An account's email or id. */
  account: text(320).optional(),
  /** How long a replaced credential keeps working: '0', '30m', '24h', at most '7d'. */
  grace: text(16).optional(),
  reason,
});

export const adminClientCreateSchema = z.object({
  name: text(200),
  redirectUris: z.array(text(2000)).max(20).default([]),
  public: z.boolean().default(false),
  firstParty: z.boolean().default(false),
  native: z.boolean().default(false),
  /** Space-separated; absent: the OpenID Connect ones. */
  scopes: text(500).optional(),
  reason,
});

export const adminClientUpdateSchema = z.object({
  name: text(200).optional(),
  redirectUris: z.array(text(2000)).max(20).optional(),
  firstParty: z.boolean().optional(),
  scopes: text(500).optional(),
  /** 'none' removes the profile. */
  profile: z.enum(['fapi2', 'none']).optional(),
  reason,
});

export const adminClientRotateSchema = z.object({ grace: text(16).optional(), reason });

export const adminToolSummarySchema = z.object({
  tid: z.number(),
  name: z.string(),
  type: z.number(),
  logo: z.string().nullable(),
  pathPrefix: z.string(),
  requireSecondFactor: z.boolean(),
  keys: z.array(z.string()),
  credentialSet: z.boolean(),
});
export type AdminToolSummary = z.infer<typeof adminToolSummarySchema>;

export const adminToolListSchema = z.object({ tools: z.array(adminToolSummarySchema) });

export const adminToolPageSchema = z.object({
  tool: adminToolSummarySchema.extend({
    previousCredentialUntil: z.number().nullable(),
    /** Why its callbacks change only with force: a platform's tool or a seeded one. */
    protectedAs: z.enum(['platform', 'seeded']).nullable(),
  }),
  callbacks: z.array(z.object({ env: z.string(), name: z.string(), position: z.number(), url: z.string() })),
  members: z.array(z.object({ id: z.string(), email: z.string().nullable(), since: z.number() })),
  /** More members than the page lists. */
  moreMembers: z.boolean(),
});
export type AdminToolPage = z.infer<typeof adminToolPageSchema>;

/** The one answer with a tool's credential: registering it or rotating it. Shown once. */
export const adminToolCredentialSchema = z.object({
  tid: z.number(),
  credential: z.string(),
  previousCredentialUntil: z.number().nullable(),
});

export const adminClientSchema = z.object({
  client_id: z.string(),
  name: z.string(),
  public: z.boolean(),
  first_party: z.boolean(),
  application_type: z.string(),
  token_endpoint_auth_method: z.string(),
  grant_types: z.array(z.string()),
  scopes: z.array(z.string()).nullable(),
  security_profile: z.string().nullable(),
  platform: z.string().nullable(),
  tid: z.number().nullable(),
  redirect_uris: z.array(z.string()),
  has_secret: z.boolean(),
  previous_secret_valid_until: z.string().nullable(),
  registered_at: z.string(),
});
export type AdminClient = z.infer<typeof adminClientSchema>;
export const adminClientListSchema = z.object({ clients: z.array(adminClientSchema) });

/** The one answer with a client's secret (null for a client without one): registering or rotating. */
export const adminClientSecretSchema = z.object({
  client_id: z.string(),
  client_secret: z.string().nullable(),
  previous_secret_valid_until: z.string().nullable().optional(),
});
