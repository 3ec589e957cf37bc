import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Config } from './config.js';
import type { HubLog } from './log.js';
import { createSignInGuard, type SignInGuard } from './services/stuffing.js';
import { createThrottle, type Throttle } from './services/throttle.js';
import { createKeyRing, type KeyRing } from './sso/signing-keys.js';
import { type AccountQueries, createAccountQueries } from './storage/accounts.js';
import type { HubDatabase } from './storage/database.js';
import { type CodeQueries, createCodeQueries, createFlowQueries, type FlowQueries } from './storage/flows.js';
import { createIssuedTokenQueries, type IssuedTokenQueries } from './storage/issued-tokens.js';
import { createSealer, type PrivateKeySealer } from './storage/key-encryption.js';
import { createLinkQueries, type LinkQueries } from './storage/links.js';
import { createProfileQueries, type ProfileQueries } from './storage/profiles.js';
import { createReferralQueries, type ReferralQueries } from './storage/referrals.js';
import type { Database } from './storage/schema.js';
import { createSecondFactorQueries, type SecondFactorQueries } from './storage/second-factors.js';
import { createSessionQueries, type SessionQueries } from './storage/sessions.js';
import { createToolQueries, type ToolQueries } from './storage/tools.js';

/**
 * Everything a flow needs, made once per app: flows receive it instead of reaching for globals.
 * It holds no optional hook another module fills in later: how a sign-in completes is the sign-in
 * pipeline (sso/complete-sign-in.ts), built from required steps by app.ts and passed to the routes.
 */
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
  /** Credential-stuffing checks and their proof-of-work challenges (services/stuffing.ts). */
  signInGuard: SignInGuard;
  keys: KeyRing;
  /** Asks the mail worker to send now (call after the transaction that queued a mail has committed). */
  nudgeMail: () => void;
}

export const createHub = (deps: {
  config: Config;
  database: HubDatabase;
  now: () => number;
  log: HubLog;
  throttle?: Throttle;
  /** The hub's shared secret (hub_secrets) the challenge keys derive from; a random one if not given. */
  secret?: Buffer;
  nudgeMail?: () => void;
}): Hub => {
  const { config, database, now } = deps;
  const throttle = deps.throttle ?? createThrottle({ now, scale: config.rateLimitScale });
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
    throttle,
    signInGuard: createSignInGuard({
      throttle,
      db: database.db,
      now,
      secret: deps.secret ?? randomBytes(32),
      scale: config.rateLimitScale,
      enabled: config.signInChallenge,
    }),
    keys: createKeyRing(database, now, createSealer(config.keyEncryption)),
    nudgeMail: deps.nudgeMail ?? (() => {}),
  };
};
