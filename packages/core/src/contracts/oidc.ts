import { z } from 'zod';

/** The hub's API for the OpenID Connect consent screen (the interaction's uid is in the path). */
export const oidcEndpoints = {
  consent: '/api/oidc/consent/:uid',
} as const;

export const oidcConsentPath = (uid: string) =>
  oidcEndpoints.consent.replace(':uid', encodeURIComponent(uid));

/** An interaction uid as oidc-provider makes them (URL-safe, bounded). */
export const oidcUidSchema = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/);
export const oidcConsentParamsSchema = z.object({ uid: oidcUidSchema }).strict();

/** What the client would receive, grouped the way the screen words it. */
export const oidcConsentItems = ['email', 'name', 'platforms', 'account_type'] as const;
export type OidcConsentItem = (typeof oidcConsentItems)[number];

export const oidcConsentDetailsSchema = z.object({
  client: z.object({ id: z.string(), name: z.string() }),
  /** The scopes asked for that the person has not granted this client yet. */
  scopes: z.array(z.string()),
  receives: z.array(z.enum(oidcConsentItems)),
});
export type OidcConsentDetails = z.infer<typeof oidcConsentDetailsSchema>;

export const oidcConsentRequestSchema = z.object({ allow: z.boolean() }).strict();
export type OidcConsentRequest = z.infer<typeof oidcConsentRequestSchema>;

/** Where the browser goes next: back through the provider, which answers the client. */
export const oidcConsentResponseSchema = z.object({ next: z.literal('redirect'), location: z.string() });
