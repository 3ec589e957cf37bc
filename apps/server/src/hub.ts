import type { Kysely } from 'kysely';
import type { Config } from './config.js';
import type { HubOidc } from './oidc/provider.js';
import { createSealer } from './services/key-encryption.js';
import { createThrottle, type Throttle } from './services/throttle.js';
import { createKeyRing, type KeyRing } from './sso/signing-keys.js';
import { type AccountQueries, createAccountQueries } from './storage/accounts.js';
import type { HubDatabase } from './storage/database.js';
import { type CodeQueries, createCodeQueries, createFlowQueries, type FlowQueries } from './storage/flows.js';
import type { Database } from './storage/schema.js';
import { createSessionQueries, type SessionQueries } from './storage/sessions.js';
import { createToolQueries, type ToolQueries } from './storage/tools.js';

/** Everything a flow needs, made once per app: flows receive it instead of reaching for globals. */
export interface Hub {
  config: Config;
  database: HubDatabase;
  db: Kysely<Database>;
  now: () => number;
  accounts: AccountQueries;
  flows: FlowQueries;
  codes: CodeQueries;
  sessions: SessionQueries;
  tools: ToolQueries;
  throttle: Throttle;
  keys: KeyRing;
  /** The OpenID Connect provider, once the app has built it (sign-ins that end an interaction use it). */
  oidc?: HubOidc;
  /** Asks the mail worker to send now (call after the transaction that queued a mail has committed). */
  nudgeMail: () => void;
}

export const createHub = (deps: {
  config: Config;
  database: HubDatabase;
  now: () => number;
  throttle?: Throttle;
  nudgeMail?: () => void;
}): Hub => {
  const { config, database, now } = deps;
  return {
    config,
    database,
    db: database.db,
    now,
    accounts: createAccountQueries(database.db),
    flows: createFlowQueries(database.db),
    codes: createCodeQueries(database.db),
    sessions: createSessionQueries(database.db),
    tools: createToolQueries(database.db),
    throttle: deps.throttle ?? createThrottle({ now, scale: config.rateLimitScale }),
    keys: createKeyRing(database, now, createSealer(config.keyEncryption)),
    nudgeMail: deps.nudgeMail ?? (() => {}),
  };
};
