import type { ColumnType, Generated } from 'kysely';

/**
 * The database as Kysely sees it. Times are epoch milliseconds (bigint in PostgreSQL, parsed to
 * number); booleans are 0/1 integers and JSON is text, so one migration set fits both databases.
 */
export interface AccountsTable {
  id: string;
  email: string | null;
  /** Lower-cased email: the case-insensitive unique key. */
  email_normalized: string | null;
  /** National number without the leading 0 (spec §5), shown with +63. */
  mobile_num: string | null;
  username: string | null;
  username_normalized: string | null;
  password_hash: string | null;
  /** Home platform, the spec's `at`. */
  home_platform: 'psl' | 'biz';
  /** Spec §3/§6 `ut`: 2 company, 5 client, 1 business owner in linking; 0 a plain person. */
  user_type: number;
  /** Spec §6 `u_type`: 1 business_owner; anything else an added (work) user. */
  u_type: number;
  verified: number;
  created_at: number;
  updated_at: number;
  password_changed_at: number | null;
  /** When the person asked for the account to be deleted; null when no deletion is pending. */
  deletion_requested_at: number | null;
  /** When the cleanup erases it, unless a sign-in cancels the request first. */
  deletion_due_at: number | null;
  /** Consecutive wrong passwords; a success resets it. */
  failed_password_count: Generated<number>;
  /** Past the free tries, password checks wait until this time (a growing delay, never a lockout for good). */
  password_blocked_until: number | null;
  /** While set, an operator has locked the account's sign-in (docs/console.md); before migration 0016, absent. */
  sign_in_locked_at?: number | null;
  /**
   * The platforms the account is a member of, space-separated in name order ('biz psl'): written
   * only by the database's triggers from `platform_memberships` (migration 0024), read by login's
   * look-up. Never written by the hub: its type takes no value on an insert or an update.
   */
  platforms: ColumnType<string, never, never>;
}

export interface PlatformMembershipsTable {
  account_id: string;
  platform: 'psl' | 'biz';
  is_default: number;
  linked_at: number;
}

export interface AccountLinksTable {
  id: string;
  parent_account_id: string;
  child_account_id: string;
  /** 'parent' (switching option2) or 'work' (an added user under a business owner). */
  kind: 'parent' | 'work';
  created_at: number;
}

export interface FlowsTable {
  id: string;
  /** One of flows/flow-states.ts's kinds, and a state of that kind's table: parseFlowRow checks both on reading. */
  kind: string;
  state: string;
  platform: 'psl' | 'biz';
  account_id: string | null;
  identifier: string | null;
  identifier_kind: string | null;
  /** JSON: entry, tool context, referral, profile seed — display and context only. */
  context: string;
  /** SHA-256 of the browser's flow-binding cookie: only the browser that started a flow can go on with it. */
  binding_hash: string;
  attempts: number;
  expires_at: number;
  created_at: number;
  updated_at: number;
}

export interface VerificationCodesTable {
  id: string;
  flow_id: string;
  purpose: string;
  code_hash: string;
  attempts: number;
  expires_at: number;
  consumed_at: number | null;
  created_at: number;
}

export interface SessionsTable {
  /** SHA-256 of the cookie token; the token itself is never stored. */
  id: string;
  account_id: string;
  platform: 'psl' | 'biz';
  auth_method: string;
  ip: string | null;
  user_agent: string | null;
  created_at: number;
  last_seen_at: number;
  expires_at: number;
  revoked_at: number | null;
  /** The RFC 8176 methods of the sign-in, space-separated (`pwd otp mfa`); none before migration 0009. */
  amr?: string | null;
}

export interface ToolsTable {
  tid: number;
  name: string;
  /** Spec §3: 1 is one tool type; other values go to the tool login. */
  type: number;
  logo: string | null;
  /** Path prefix some tools put before /sso/account/auth ('/psl', '/psl/wallet'). */
  path_prefix: string;
  credential_hash: string | null;
  /** A rotated credential still accepted until `previous_credential_expires_at` (rotate --grace). */
  previous_credential_hash: string | null;
  previous_credential_expires_at: number | null;
  /** 1: a sign-in to this tool needs a second factor (docs/second-factors.md). */
  require_second_factor?: number;
  created_at: number;
  updated_at: number;
}

export interface ToolKeysTable {
  tsa_key: string;
  tid: number;
  created_at: number;
}

export interface ToolCallbacksTable {
  tid: number;
  env: 'local' | 'development' | 'sandbox' | 'production';
  /** e.g. 'checkout' for the {callback}_auth_callback entry named checkout_auth_callback. */
  name: string;
  url: string;
  position: number;
}

export interface ToolMembershipsTable {
  tid: number;
  account_id: string;
  created_at: number;
}

export interface ReferralsTable {
  id: string;
  tool: number;
  referrer_user_id: string;
  referred_user_id: string;
  referred_from: number;
  created_at: number;
}

export interface ProfilesTable {
  account_id: string;
  first_name: string;
  last_name: string;
  middle_name: string | null;
  suffix: string | null;
  contact_info: string;
  other_info: string;
  profile: string;
  created_at: number;
}

export interface MailOutboxTable {
  id: string;
  to_address: string;
  subject: string;
  /** Cleared once sent, so a code does not outlive its delivery in the database. */
  text_body: string | null;
  html_body: string | null;
  status: 'pending' | 'sent' | 'failed';
  attempts: number;
  next_attempt_at: number;
  last_error: string | null;
  created_at: number;
  sent_at: number | null;
}

/** The dev mailbox's mail, local and development only (mail/transport.ts createDevMailbox). */
export interface DevMailTable {
  id: Generated<number>;
  at: number;
  from_address: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
}

export interface AuditEventsTable {
  id: Generated<number>;
  at: number;
  event: string;
  outcome: string;
  account_id: string | null;
  ip: string | null;
  detail: string;
  /** The X-Request-Id of the request that wrote the row; null outside a request. */
  request_id: Generated<string | null>;
  /** The User-Agent of that request (cut to 512 characters); null outside a request and before migration 0008. */
  user_agent: Generated<string | null>;
  /** The acting operator's account id, for an operator's action (migration 0017; null otherwise). */
  operator: Generated<string | null>;
  /** The tool the row is about (its `tool` or `tid` detail), for the console's filter (migration 0021; null otherwise). */
  tool: Generated<number | null>;
}

/** One thing oidc-provider stores (a session, interaction, grant, code or token), by model and id. */
export interface OidcPayloadsTable {
  model: string;
  id: string;
  /** The payload as JSON text. */
  payload: string;
  grant_id: string | null;
  user_code: string | null;
  uid: string | null;
  /** The account the row belongs to (a session, grant, code, token or interaction), for its erasure. */
  account_id: string | null;
  expires_at: number | null;
  consumed_at: number | null;
  /**
   * The hub session a provider session mirrors, or a code or token was issued under (single
   * sign-out deletes the rows of a hub session by this).
   */
  hub_session_id?: string | null;
}

/** A tool or OpenID Connect client a hub session signed into (the Devices page). */
export interface SessionSignInsTable {
  session_id: string;
  kind: 'tool' | 'client';
  /** The tool's tid or the client's client_id. */
  ref: string;
  /** Its name when it was signed into. */
  name: string;
  first_at: number;
  last_at: number;
}

/** A relying party registered with `hub clients add`. */
export interface OidcClientsTable {
  client_id: string;
  name: string;
  /** 1: a public client (no secret, PKCE required); 0: a confidential one. */
  public: number;
  /** 1: the hub's own application, whose sign-ins need no consent screen. */
  first_party: number;
  /** psl or biz: the platform its sign-ins start on; null: the default platform. */
  platform: string | null;
  /** The registered partner tool whose members and restrictions apply to its sign-ins. */
  tid: number | null;
  /** JSON arrays of exact URIs. */
  redirect_uris: string;
  post_logout_redirect_uris: string;
  backchannel_logout_uri: string | null;
  token_endpoint_auth_method: string;
  /** JSON JWKS text of a private_key_jwt client's public keys. */
  jwks: string | null;
  /** ES256, or RS256 for a client that cannot verify ES256. */
  id_token_signed_response_alg: string;
  secret_hash: string | null;
  previous_secret_hash: string | null;
  previous_secret_expires_at: number | null;
  /** The scopes it may ask for, space-separated; null: the OpenID Connect ones (no API scope). */
  scopes: string | null;
  /** web, or native (RFC 8252: any-port loopback and private-use scheme redirects). */
  application_type: string;
  /** JSON array of the OAuth grant types it may use. */
  grant_types: string;
  /** fapi2 (FAPI 2.0 security profile: PAR, PKCE, private_key_jwt, DPoP), or null. */
  security_profile: string | null;
  created_at: number;
  updated_at: number;
}

export interface SigningKeysTable {
  kid: string;
  alg: string;
  private_jwk: string;
  public_jwk: string;
  created_at: number;
  /** Once retired a key no longer signs, but stays published until its last token expires. */
  retired_at: number | null;
}

export interface IssuedTokensTable {
  jti: string;
  tid: number;
  account_id: string;
  expires_at: number;
  redeemed_at: number | null;
}

/** A Google or Facebook identity linked to a hub account; unique per (provider, subject). */
export interface SocialIdentitiesTable {
  provider: 'google' | 'facebook';
  /** The provider's stable user id (`sub` for Google, the app-scoped `id` for Facebook). */
  subject: string;
  account_id: string;
  /** The email the provider gave when the identity was linked (for the operator; never a key). */
  email: string | null;
  created_at: number;
}

/** A secret the hub made for itself and every process shares (storage/secrets.ts). */
export interface HubSecretsTable {
  name: string;
  value: string;
  created_at: number;
}

/** A named lease one hub process holds at a time (the cleanup job), across processes and machines. */
export interface LeasesTable {
  name: string;
  /** The holding process's random id. */
  holder: string;
  /** Until when it holds; after that any process may take it over. */
  expires_at: number;
}

/** A WebAuthn credential (a passkey) a person registered (docs/passkeys.md). */
export interface PasskeysTable {
  /** The hub's own id of the passkey (what URLs name). */
  id: string;
  /** The authenticator's credential id, base64url; unique over every account. */
  credential_id: string;
  account_id: string;
  /** The credential's COSE public key, base64url. */
  public_key: string;
  /** The signature counter the authenticator reported last (0 for those that keep none). */
  counter: number;
  /** The transports the browser reported at registration, as a JSON array. */
  transports: string;
  /** 'singleDevice' or 'multiDevice' (a synced passkey). */
  device_type: string;
  /** 1 when the authenticator said the credential is backed up (synced). */
  backed_up: number;
  /** The person's name for it ('Work laptop'). */
  name: string;
  created_at: number;
  last_used_at: number | null;
}

/** A WebAuthn challenge waiting for its answer: single use, short-lived, bound (storage/passkeys.ts). */
export interface PasskeyChallengesTable {
  id: string;
  /** 'registration', 'sign_in' (a passkey as the first factor) or 'second_factor'. */
  purpose: string;
  /** The challenge, base64url, as the options carried it. */
  challenge: string;
  /** The browser it was given to: the hash of its flow-binding cookie or of its hub session. */
  binding_hash: string;
  /** The account it is for (registration, second factor); null for a first-factor sign-in. */
  account_id: string | null;
  /** The second-factor flow it belongs to. */
  flow_id: string | null;
  /** The platform a first-factor sign-in is for. */
  platform: 'psl' | 'biz' | null;
  /** A first-factor sign-in's flow context (from, subcb, oidc) and tool login, as JSON. */
  context: string;
  expires_at: number;
  created_at: number;
}

/** An account's second factors and their attempt counters (migration 0009). */
export interface SecondFactorsTable {
  account_id: string;
  /** The authenticator app's Base32 secret, sealed (storage/key-encryption.ts). */
  totp_secret: string | null;
  /** When the first right code confirmed the app; null while it is being set up. */
  totp_confirmed_at: number | null;
  /** The last RFC 6238 time step a code was accepted for: that step and earlier ones are refused. */
  totp_last_step: number | null;
  /** Wrong second factors since the last right one (reserved before the check). */
  failed_count: number;
  blocked_until: number | null;
  created_at: number;
  updated_at: number;
}

/** A single-use recovery code, kept only as a hash. */
export interface RecoveryCodesTable {
  account_id: string;
  code_hash: string;
  used_at: number | null;
  created_at: number;
}

/** Where a tool (tid) or a platform site (platform) wants events (events/, docs/events.md). */
export interface WebhookEndpointsTable {
  id: string;
  tid: number | null;
  platform: 'psl' | 'biz' | null;
  url: string;
  /** The Standard Webhooks signing secret, `whsec_` and base64. */
  secret: string;
  /** JSON array of event kinds. */
  kinds: string;
  created_at: number;
}

/** One event, written in the transaction of the change it reports. */
export interface WebhookEventsTable {
  id: string;
  kind: string;
  account_id: string;
  /** JSON: the body sent, the same for every endpoint. */
  payload: string;
  created_at: number;
}

/** One event to one endpoint: pending until delivered, dead after the last attempt failed. */
export interface WebhookDeliveriesTable {
  id: string;
  event_id: string;
  endpoint_id: string;
  status: 'pending' | 'delivered' | 'dead';
  attempts: number;
  next_attempt_at: number;
  last_error: string | null;
  created_at: number;
  delivered_at: number | null;
}

/** An account that may enter the operator console, and with which role (docs/console.md). */
export interface OperatorsTable {
  account_id: string;
  role: 'viewer' | 'support' | 'admin';
  granted_at: number;
  /** The account that granted it from the console, or null when granted from the command line. */
  granted_by: string | null;
}

/** A browser an account signed in from (migration 0019, services/device.ts): its cookie's SHA-256. */
export interface KnownDevicesTable {
  account_id: string;
  device_hash: string;
  /** The language the browser last signed in with: the language of the account's notices. */
  language: string;
  first_seen_at: number;
  last_seen_at: number;
}

/**
 * An erased account whose flows are still to be deleted (`flows.account_id` has no foreign key:
 * migrations 0023 and 0026, services/account-erasure.ts). Written in the erasure's transaction,
 * swept by the cleanup's run, swept again at a run at least FLOW_SWEEP_SETTLE_MS later (a look-up's
 * insert that read the account before the erasure may commit after the first sweep), then deleted.
 */
export interface ErasedAccountFlowsTable {
  account_id: string;
  erased_at: number;
  /** When the first sweep went by; null until then. */
  swept_at: number | null;
}

export interface Database {
  accounts: AccountsTable;
  platform_memberships: PlatformMembershipsTable;
  account_links: AccountLinksTable;
  flows: FlowsTable;
  erased_account_flows: ErasedAccountFlowsTable;
  verification_codes: VerificationCodesTable;
  sessions: SessionsTable;
  tools: ToolsTable;
  tool_keys: ToolKeysTable;
  tool_callbacks: ToolCallbacksTable;
  tool_memberships: ToolMembershipsTable;
  referrals: ReferralsTable;
  profiles: ProfilesTable;
  mail_outbox: MailOutboxTable;
  dev_mail: DevMailTable;
  audit_events: AuditEventsTable;
  signing_keys: SigningKeysTable;
  issued_tokens: IssuedTokensTable;
  social_identities: SocialIdentitiesTable;
  hub_secrets: HubSecretsTable;
  leases: LeasesTable;
  oidc_payloads: OidcPayloadsTable;
  session_sign_ins: SessionSignInsTable;
  oidc_clients: OidcClientsTable;
  passkeys: PasskeysTable;
  passkey_challenges: PasskeyChallengesTable;
  second_factors: SecondFactorsTable;
  recovery_codes: RecoveryCodesTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_events: WebhookEventsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  operators: OperatorsTable;
  known_devices: KnownDevicesTable;
}
