import { z } from 'zod';
import { text } from './input.js';

/**
 * The operator console's API (docs/console.md). Every call is the console's own (same origin, an
 * operator's hub session with a second factor, a role at least the call's); none answers a
 * password hash, a code, a TOTP secret or a recovery code.
 */
export const adminEndpoints = {
  /** GET: who is acting: account, role. */
  me: '/api/admin/me',
  /** GET: the last hour of the hub's own metrics, a minute at a time (the console's landing page). */
  overview: '/api/admin/overview',
  /** GET: accounts by a prefix of their email, id or name (`q`), a page at a time. */
  accounts: '/api/admin/accounts',
  /** GET: one account's page. */
  account: '/api/admin/accounts/:id',
  /** POST: an action on the account (support role), with its reason. */
  action: '/api/admin/accounts/:id/:action',
  /** GET: the audit log, filtered and paged; `format=csv` for a file. */
  audit: '/api/admin/audit',
  /** GET (viewer), the roles; POST grant / DELETE revoke (admin). */
  operators: '/api/admin/operators',
  operator: '/api/admin/operators/:id',
} as const;

export const operatorRoleValues = ['viewer', 'support', 'admin'] as const;
export type OperatorRoleName = (typeof operatorRoleValues)[number];

/** The actions of the account page; each needs the support role and a reason. */
export const adminAccountActions = [
  'end-sessions',
  'lock',
  'unlock',
  'reset-factors',
  'send-reset-code',
  'unlink-google',
  'unlink-facebook',
  'export',
  'delete',
] as const;
export type AdminAccountAction = (typeof adminAccountActions)[number];

/** The reason an operator gives for an action: required (an empty one is 'admin.reason_required'). */
export const ADMIN_REASON_MAX = 500;
export const adminReasonBodySchema = z.object({ reason: text(ADMIN_REASON_MAX).optional() });

export const ADMIN_PAGE_SIZE = 20;
export const adminSearchQuerySchema = z.object({
  q: text(200),
  page: z.coerce.number().int().min(0).max(500).default(0),
});
export const adminAccountParamsSchema = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/) });
export const adminActionParamsSchema = adminAccountParamsSchema.extend({
  action: z.enum(adminAccountActions),
});

export const adminAuditQuerySchema = z.object({
  account: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/)
    .optional(),
  event: z
    .string()
    .regex(/^[a-z0-9_.]{1,64}$/)
    .optional(),
  operator: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/)
    .optional(),
  /** The tool the row is about (its tid). */
  tool: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
  /** Epoch milliseconds. */
  from: z.coerce.number().int().min(0).optional(),
  to: z.coerce.number().int().min(0).optional(),
  /** The id of the last row of the previous page. */
  before: z.coerce.number().int().min(1).optional(),
  format: z.enum(['json', 'csv']).default('json'),
});

export const adminGrantBodySchema = z.object({
  account: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
  role: z.enum(operatorRoleValues),
});

export interface AdminAccountHit {
  id: string;
  email: string | null;
  mobile: string | null;
  username: string | null;
  homePlatform: string;
  name: string | null;
  locked: boolean;
  deletionDueAt: number | null;
}

export interface AdminAuditRow {
  id: number;
  at: number;
  event: string;
  outcome: string;
  accountId: string | null;
  ip: string | null;
  userAgent: string | null;
  detail: Record<string, unknown>;
}

/** The answers the console's page reads (the server writes them field by field, admin/). */
export const adminMeSchema = z.object({
  account: z.string(),
  email: z.string().nullable(),
  role: z.string(),
});
export const adminAccountHitSchema = z.object({
  id: z.string(),
  email: z.string().nullable(),
  mobile: z.string().nullable(),
  username: z.string().nullable(),
  homePlatform: z.string(),
  name: z.string().nullable(),
  locked: z.boolean(),
  deletionDueAt: z.number().nullable(),
});
export const adminSearchResultSchema = z.object({
  accounts: z.array(adminAccountHitSchema),
  more: z.boolean(),
});
export const adminAuditRowSchema = z.object({
  id: z.number(),
  at: z.number(),
  event: z.string(),
  outcome: z.string(),
  accountId: z.string().nullable(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()),
});
export const adminAuditPageSchema = z.object({
  events: z.array(adminAuditRowSchema),
  next: z.number().nullable(),
});
export const adminAccountPageSchema = z.object({
  account: z.object({
    id: z.string(),
    email: z.string().nullable(),
    mobile: z.string().nullable(),
    username: z.string().nullable(),
    name: z.string().nullable(),
    homePlatform: z.string(),
    createdAt: z.number(),
    hasPassword: z.boolean(),
    lockedAt: z.number().nullable(),
    deletionDueAt: z.number().nullable(),
  }),
  sessions: z.array(
    z.object({
      id: z.string(),
      device: z.string(),
      ip: z.string().nullable(),
      platform: z.string(),
      lastSeenAt: z.number(),
    }),
  ),
  secondFactors: z.object({
    methods: z.array(z.string()),
    passkeys: z.array(z.object({ id: z.string(), name: z.string() })),
  }),
  providers: z.array(z.object({ provider: z.string(), email: z.string().nullable() })),
  events: z.array(adminAuditRowSchema),
  operatorRole: z.string().nullable(),
});
export type AdminAccountPage = z.infer<typeof adminAccountPageSchema>;
export const adminActionResultSchema = z.record(z.string(), z.unknown());

/** One minute of the overview (apps/server/src/services/recent-metrics.ts). */
export const adminOverviewMinuteSchema = z.object({
  at: z.number(),
  signIns: z.number(),
  failures: z.number(),
  throttled: z.number(),
  delivered: z.number(),
  latencyMs: z.number().nullable(),
  backlog: z.number().nullable(),
});
export const adminOverviewSchema = z.object({
  minutes: z.array(adminOverviewMinuteSchema),
  outbox: z.object({ pending: z.number(), oldestAgeMs: z.number().nullable() }),
  /** Whose traffic the minutes count: this hub process's (the outbox is shared). */
  scope: z.literal('process'),
});
export type AdminOverview = z.infer<typeof adminOverviewSchema>;
