import { z } from 'zod';
import { platforms } from '../platform.js';
import { flowContextSchema, loginPasswordRequestSchema, signInAnswerSchema } from './auth.js';

/**
 * Sign-in with Google (OpenID Connect) and Facebook (OAuth 2.0). The spec names only the
 * client states (§3: google and facebook, each with stat and msg); the calls are ours. The browser
 * navigates to the hub's start URL, the hub keeps state, nonce and PKCE verifier server-side, and
 * the provider's callback ends in the one completion step like a password login.
 */
export const socialProviders = ['google', 'facebook'] as const;
export type SocialProvider = (typeof socialProviders)[number];
export const isSocialProvider = (value: unknown): value is SocialProvider =>
  typeof value === 'string' && (socialProviders as readonly string[]).includes(value);

/** The screen a provider sign-in starts on: the login, the sign-up or a tool's login (spec §2). */
/** `link` adds the provider to the signed-in account, from the account center. */
export const socialIntents = ['login', 'signup', 'tool_login', 'link'] as const;
export type SocialIntent = (typeof socialIntents)[number];

/** The provider's own button wording (Google and Facebook brand guidelines). */
export const socialButtonLabels: Record<SocialProvider, string> = {
  google: 'Sign in with Google',
  facebook: 'Continue with Facebook',
};

/**
 * Why a provider sign-in came back to the screen, as `?social_error=<code>`; the screen shows the
 * message under the provider's button (spec §3 stat/msg).
 */
export const socialErrorMessages = {
  cancelled: 'Sign-in was cancelled.',
  unavailable: 'The provider is not available right now. Please try again later.',
  email_unverified:
    'Your email address is not verified with this provider. Verify it there, or sign in with your password.',
  email_missing:
    'The provider did not share an email address. Allow email access, or sign in with your password.',
  company_on_personal: 'Company accounts cannot be used on the Personal platform.',
  client_refused: 'Clients are unable to use their accounts in this particular system.',
  state_refused: 'This sign-in could not be verified. Please start again.',
  // The tool login screen shows the spec's 'Account is not registered to {tool name}' instead.
  not_registered_to_tool: 'Account is not registered to this tool.',
  disabled: 'This sign-in option is not available.',
  // Linking from the account center (intent `link`).
  already_linked: 'That account is already linked to another account here. Sign in with it instead.',
  provider_linked: 'You already have one of these linked. Unlink it first to link another.',
} as const;
export type SocialErrorCode = keyof typeof socialErrorMessages;
export const socialErrorCodes = Object.keys(socialErrorMessages) as SocialErrorCode[];
export const isSocialErrorCode = (value: unknown): value is SocialErrorCode =>
  typeof value === 'string' && Object.hasOwn(socialErrorMessages, value);

export const socialEndpoints = {
  providers: '/api/social/providers',
  linkState: '/api/social/link',
  link: '/api/social/link',
} as const;

/** The browser-facing start of a provider sign-in (a plain navigation, not an API call). */
export const socialStartPath = (provider: SocialProvider) => `/auth/social/${provider}/start`;
export const socialCallbackPath = (provider: SocialProvider) => `/auth/social/${provider}/callback`;

export const socialProvidersResponseSchema = z.object({ providers: z.array(z.enum(socialProviders)) });
export type SocialProvidersResponse = z.infer<typeof socialProvidersResponseSchema>;

export const socialStartQuerySchema = z
  .object({
    platform: z.enum(platforms),
    intent: z.enum(socialIntents).default('login'),
    from: flowContextSchema.shape.from,
    subcb: flowContextSchema.shape.subcb,
    /** The OpenID Connect interaction the sign-in ends (docs/oidc.md); the exit checks it. */
    oidc: flowContextSchema.shape.oidc,
  })
  .strip();

const flowId = loginPasswordRequestSchema.shape.flowId;

/** The password step of link-after-password: which account and which provider it is about. */
export const socialLinkStateQuerySchema = z.object({ flowId }).strict();
export const socialLinkStateResponseSchema = z.object({
  provider: z.enum(socialProviders),
  account: z.object({ display: z.string() }),
});
export type SocialLinkState = z.infer<typeof socialLinkStateResponseSchema>;

/** The account's password, once, is the consent to link the provider identity to it. */
export const socialLinkRequestSchema = z
  .object({ flowId, password: loginPasswordRequestSchema.shape.password })
  .strict();
export const socialLinkResponseSchema = signInAnswerSchema;
