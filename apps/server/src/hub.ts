import type { Platform, SecondFactorNeeded } from '@hub/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from './config.js';
import type { HubLog } from './log.js';
import { createSealer, type PrivateKeySealer } from './services/key-encryption.js';
import { createThrottle, type Throttle } from './services/throttle.js';
import { createKeyRing, type KeyRing } from './sso/signing-keys.js';
import { type AccountQueries, createAccountQueries } from './storage/accounts.js';
import type { HubDatabase } from './storage/database.js';
import { type CodeQueries, createCodeQueries, createFlowQueries, type FlowQueries } from './storage/flows.js';
import { createIssuedTokenQueries, type IssuedTokenQueries } from './storage/issued-tokens.js';
import { createLinkQueries, type LinkQueries } from './storage/links.js';
import { createProfileQueries, type ProfileQueries } from './storage/profiles.js';
import { createReferralQueries, type ReferralQueries } from './storage/referrals.js';
import type { Database } from './storage/schema.js';
import { createSecondFactorQueries, type SecondFactorQueries } from './storage/second-factors.js';
import { createSessionQueries, type SessionQueries } from './storage/sessions.js';
import { createToolQueries, type ToolQueries } from './storage/tools.js';

/** Ends an OpenID Connect interaction with a sign-in made on the hub's screens (oidc/interaction.ts). */
export type OidcSignInExit = (
  request: FastifyRequest,
  accountId: string,
  uid: string,
  /** The sign-in's RFC 8176 methods: the id_token's amr, and its acr from them. */
  amr?: string[],
) => Promise<string>;

/**
 * The second step of a sign-in (mfa/second-step.ts, set by app.ts): what completeSignIn answers
 * instead of the exit when the account must confirm the sign-in with a second factor, else
 * undefined. Reached through the hub so that sso/ never imports mfa/ (which imports flows/).
 * `location` is the same step on the login screen, for a sign-in whose answer is a redirect.
 */
export type SecondStepGate = (
  request: FastifyRequest,
  reply: FastifyReply,
  signIn: PendingSignIn,
) => Promise<(SecondFactorNeeded & { location: string }) | undefined>;

/** A sign-in whose first factor was right, as completeSignIn holds it (its SignInOutcome). */
export interface PendingSignIn {
  accountId: string;
  platform: Platform;
  authMethod: string;
  context: { from?: string; subcb?: string; oidc?: string; next?: string };
  fromSwitching?: boolean;
  /** The second factors this sign-in already proved (the second step resumes with them). */
  secondFactors?: string[];
}

/** Everything a flow needs, made once per app: flows receive it instead of reaching for globals. */
export interface Hub {
  config: Config;
  database: HubDatabase;
  db: Kysely<Database>;
  now: () => number;
  /** The app's logger (Fastify's app.log): what a flow tells operators goes here, never to the console. */
  log: HubLog;
  accounts: AccountQueries;
  flows: FlowQueries;
  codes: CodeQueries;
  sessions: SessionQueries;
  tools: ToolQueries;
  links: LinkQueries;
  profiles: ProfileQueries;
  referrals: ReferralQueries;
  issuedTokens: IssuedTokenQueries;
  secondFactors: SecondFactorQueries;
  /** Seals the authenticator apps' secrets at rest (KEY_ENCRYPTION_KEY, as the signing keys). */
  secondFactorSealer: PrivateKeySealer;
  throttle: Throttle;
  keys: KeyRing;
  /**
   * The OpenID Connect exit of a sign-in, set once the app has built the provider: ends interaction
   * `uid` with the account's sign-in and returns where the browser goes next. completeSignIn calls
   * it through here, so sso/ never imports oidc/ (which imports sso/).
   */
  oidcExit?: OidcSignInExit;
  /** The acr_values an OpenID Connect interaction's client asked for (empty when none or unknown). */
  oidcAcrValues?: (uid: string) => Promise<string[]>;
  /** The second step of a sign-in (SecondStepGate); unset, every sign-in completes on its first factor. */
  secondStep?: SecondStepGate;
  /** Asks the mail worker to send now (call after the transaction that queued a mail has committed). */
  nudgeMail: () => void;
}

export const createHub = (deps: {
  config: Config;
  database: HubDatabase;
  now: () => number;
  log: HubLog;
  throttle?: Throttle;
  nudgeMail?: () => void;
}): Hub => {
  const { config, database, now } = deps;
  return {
    config,
    database,
    db: database.db,
    now,
    log: deps.log,
    accounts: createAccountQueries(database.db),
    flows: createFlowQueries(database.db),
    codes: createCodeQueries(database.db),
    sessions: createSessionQueries(database.db),
    tools: createToolQueries(database.db),
    links: createLinkQueries(database.db),
    profiles: createProfileQueries(database.db),
    referrals: createReferralQueries(database.db),
    issuedTokens: createIssuedTokenQueries(database.db),
    secondFactors: createSecondFactorQueries(database.db),
    secondFactorSealer: createSealer(config.keyEncryption, 'second factor'),
    throttle: deps.throttle ?? createThrottle({ now, scale: config.rateLimitScale }),
    keys: createKeyRing(database, now, createSealer(config.keyEncryption)),
    nudgeMail: deps.nudgeMail ?? (() => {}),
  };
};
