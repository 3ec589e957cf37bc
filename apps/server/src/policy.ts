import {
  ACCOUNT_DELETION_GRACE_DAYS,
  CODE_MAX_ATTEMPTS,
  CODE_TTL_SECONDS,
  DELETION_FRESH_SIGN_IN_MINUTES,
  RESEND_COUNTDOWN_SECONDS,
} from '@hub/core';

export const SECOND_MS = 1000;
export const MINUTE_MS = 60 * SECOND_MS;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

/** A limit of the throttle: `points` attempts per fixed window of `windowMs`, counted per key. */
export interface ThrottleRule {
  /** The counter's name in the store (part of its Redis key: renaming it resets the counts). */
  name: string;
  points: number;
  windowMs: number;
  /**
   * Not multiplied by RATE_LIMIT_SCALE: a limit that protects a person (their inbox), not the hub
   * from load, holds in a load test too.
   */
  unscaled?: true;
}

/**
 * Every lifetime, limit and delay of the hub, in one place and one unit: durations in
 * milliseconds (`…Ms`), limits as plain counts. Each says what it affects. The code reads them from
 * here; the few an operator may change come from the configuration instead (config.ts), which takes
 * its defaults from here: SESSION_TTL_HOURS (sessionTtlMs), AUDIT_RETENTION_DAYS (auditRetentionMs),
 * CLEANUP_INTERVAL_MINUTES (cleanupIntervalMs) and RATE_LIMIT_SCALE (multiplies every throttle's
 * points but the security notices'). docs/policy.md lists them for operators.
 *
 * The code's lifetime, its attempts and the resend countdown are the product's own rules, shown on
 * the screens too: they live in @hub/core (shared with the web) and are only converted here.
 */
export const policy = {
  // ---- Flows: how long a started flow can be finished (its row's expires_at). Past it: 'expired'.
  /** Login: from the account typed to the right password. */
  loginFlowTtlMs: 15 * MINUTE_MS,
  /** Switching option1: an account of the other platform, from identified to linked. */
  switchingFlowTtlMs: 15 * MINUTE_MS,
  /** Switching option2: linking the signed-in account under a parent, up to the parent's password. */
  linkingFlowTtlMs: 15 * MINUTE_MS,
  /** Switching option3: the chosen default platform, up to the confirming password. */
  defaultPlatformFlowTtlMs: 15 * MINUTE_MS,
  /** Sign-up: from the first code sent to the password set (every resend included). */
  signupFlowTtlMs: 30 * MINUTE_MS,
  /** Password reset: from the first code sent to the new password. */
  resetFlowTtlMs: 30 * MINUTE_MS,
  /** A work-account invitation: how long the link in the invitee's mail works. */
  workAccountFlowTtlMs: 7 * DAY_MS,
  /** A Google or Facebook sign-in: from leaving for the provider to its callback (and the password, to link). */
  socialFlowTtlMs: 10 * MINUTE_MS,
  /** An email change from the account center: from the code sent to the new address to its check. */
  emailChangeFlowTtlMs: 30 * MINUTE_MS,

  // ---- Passkeys (mfa/passkeys.ts, docs/passkeys.md): how long a challenge can be answered, once.
  /** Adding a passkey, or a passkey as the second factor: the authenticator's prompt, then the answer. */
  passkeyChallengeTtlMs: 5 * MINUTE_MS,
  /** A passkey as the first factor: the login screen's autofill waits while the person types, as a login does. */
  passkeySignInTtlMs: 15 * MINUTE_MS,

  // ---- Verification codes (sign-up, reset, work account).
  /** How long a mailed code can be used; the mail says it in minutes. */
  codeTtlMs: CODE_TTL_SECONDS * SECOND_MS,
  /** Wrong tries that burn a code (a new one must be sent). */
  codeMaxAttempts: CODE_MAX_ATTEMPTS,
  /** How long after a code is sent before another can be (the screen's 'Resend code after N sec.'). */
  resendCountdownMs: RESEND_COUNTDOWN_SECONDS * SECOND_MS,

  // ---- Wrong passwords, counted on the account (every flow and process shares the count).
  /** Wrong passwords in a row that cost nothing; each further one makes the account wait. */
  freePasswordFailures: 10,
  /** The wait after the first failure past the free ones; it doubles with each further failure. */
  passwordDelayBaseMs: 30 * SECOND_MS,
  /** The longest wait: never a lockout for good. */
  passwordDelayMaxMs: HOUR_MS,

  // ---- Second factors (mfa/, docs/second-factors.md), counted on the account like passwords.
  /** Wrong second factors (TOTP or recovery codes) in a row that cost nothing; each further one makes the account wait. */
  freeSecondFactorFailures: 5,
  /** The wait after the first failure past the free ones; it doubles with each further failure. */
  secondFactorDelayBaseMs: 30 * SECOND_MS,
  /** The longest wait: never a lockout for good (a recovery code waits the same). */
  secondFactorDelayMaxMs: HOUR_MS,
  /** The second step of a sign-in: from the right first factor to the second. */
  secondFactorFlowTtlMs: 15 * MINUTE_MS,

  // ---- Sessions, tokens and signing keys.
  /** The hub session (cookie and row) a sign-in starts. Default of SESSION_TTL_HOURS. */
  sessionTtlMs: 30 * DAY_MS,
  /**
   * How stale a session's last_seen_at may get: a request that finds it older than this writes the
   * time again, so the Devices page's 'last used' is true to within this, and a busy session costs
   * one write per interval, not one per request (http/session.ts).
   */
  sessionTouchIntervalMs: 5 * MINUTE_MS,
  /**
   * How many accounts one browser keeps signed in at once (docs/sessions.md): a sixth sign-in ends
   * the session of the one used least recently.
   */
  deviceAccountsMax: 5,

  /**
   * The operator console (docs/console.md): an operator's hub session unused for this long ends at
   * its next console request, which then asks for a new sign-in with a second factor. Every console
   * request records its use, so the idle time is exact.
   */
  consoleIdleMs: 15 * MINUTE_MS,
  /** An ainfo token (the proof of sign-in handed to a platform site or tool): its exp. */
  ainfoTtlMs: 120 * SECOND_MS,
  /** A new signing key is published this long before it signs, so tools caching the JWKS know it first. */
  signingKeyPublishLeadMs: 60 * SECOND_MS,
  /** How long a process signs with the key it looked up last before asking the database again. */
  signingKeyRecheckMs: 5 * SECOND_MS,
  /**
   * The Cache-Control max-age of /.well-known/jwks.json: half the publication lead, so a cache that
   * fetched the set just before a rotation fetches it again before the new key signs.
   */
  jwksCacheMaxAgeMs: 30 * SECOND_MS,

  // ---- The OpenID Connect provider (oidc/configuration.ts; oidc-provider takes them in seconds).
  /** An ID token's exp: as ainfo's, so a retired key stays published as long as its tokens live. */
  oidcIdTokenTtlMs: 120 * SECOND_MS,
  /** An access token (opaque; userinfo and introspection accept it until then). */
  oidcAccessTokenTtlMs: 10 * MINUTE_MS,
  /** An authorization code, from the redirect to the client until it redeems it at the token endpoint. */
  oidcAuthorizationCodeTtlMs: 60 * SECOND_MS,
  /** A refresh token (each refresh gives a new one; it also ends with the grant or the session). */
  oidcRefreshTokenTtlMs: 14 * DAY_MS,
  /** An interaction: from the authorization request to the sign-in on the hub's screens that ends it. */
  oidcInteractionTtlMs: 30 * MINUTE_MS,
  /** The provider's own session, which only mirrors the hub session (signing out of the hub ends it). */
  oidcSessionTtlMs: 14 * DAY_MS,
  /** A grant: what a client was allowed for an account; its refresh tokens end with it. */
  oidcGrantTtlMs: 14 * DAY_MS,

  // ---- The account center (me/).
  /** A deletion the person asked for waits this long; signing in meanwhile cancels it. */
  accountDeletionGraceMs: ACCOUNT_DELETION_GRACE_DAYS * DAY_MS,
  /** An account without a password confirms a deletion by a sign-in this recent instead. */
  deletionFreshSignInMs: DELETION_FRESH_SIGN_IN_MINUTES * MINUTE_MS,

  // ---- Devices and notices (services/device.ts, docs/security.md "Notices").
  /** The device cookie's lifetime (renewed on every sign-in; browsers cap a cookie at 400 days). */
  deviceCookieTtlMs: 400 * DAY_MS,
  /**
   * Browsers remembered per account; a new one past this forgets the longest unused. A client that
   * keeps no cookies (a script, an attacker with the password) would otherwise add a row a sign-in.
   */
  knownDevicesPerAccount: 20,

  // ---- Credential stuffing (services/stuffing.ts, docs/security.md "Credential stuffing"): sign-in
  // attempts from browsers the account does not know, counted in distinct accounts per address
  // bucket (an IPv4 /24, an IPv6 /64; IPv6 also per /48 site) and distinct buckets per account, in
  // fixed windows.
  /** The window over which distinct accounts and address buckets are counted. */
  stuffingWindowMs: HOUR_MS,
  /** Distinct accounts tried from one address bucket in a window before its sign-ins must solve a proof-of-work challenge. */
  stuffingAccountsPerIpChallenge: 10,
  /** Distinct accounts from one bucket past which the stricter limits apply as well (throttle.stuffingStrict*). */
  stuffingAccountsPerIpStrict: 30,
  /**
   * Distinct accounts tried from one IPv6 site (its /48) in a window before its sign-ins must solve
   * a challenge, whichever of its /64 buckets they come from. A site only ever asks for a challenge,
   * never the stricter limits: it may hold many people, who would otherwise be held back for what
   * others on it did.
   */
  stuffingAccountsPerSiteChallenge: 40,
  /** Distinct address buckets trying one account in a window before its sign-ins from unknown browsers must solve a challenge. */
  stuffingIpsPerAccountChallenge: 5,
  /** Distinct buckets on one account past which the stricter limits apply as well. */
  stuffingIpsPerAccountStrict: 20,
  /** How long a proof-of-work challenge can be solved and used (once). */
  challengeTtlMs: 5 * MINUTE_MS,
  /** PBKDF2-SHA-256 iterations per try of the challenge (ALTCHA v2); the work is this times the counter. */
  challengeCost: 500,
  /** The smallest secret counter a challenge hides: the browser tries every counter up to it. */
  challengeCounterMin: 1_000,
  /** The largest secret counter (chosen at random between the two for each challenge). */
  challengeCounterMax: 2_000,

  // ---- Throttles (services/throttle.ts): fixed windows, per client address or per account.
  throttle: {
    /** Account look-ups (login and switching step 1, sign-up start, a social start) per client address. */
    lookupPerIp: { name: 'lookup_ip', points: 60, windowMs: MINUTE_MS },
    /** Codes mailed to one address (sign-up, reset, invitation, every resend). */
    codeSendPerAccount: { name: 'code_send_acct', points: 5, windowMs: HOUR_MS },
    /** Codes mailed at one client address's request (and invitations per business owner). */
    codeSendPerIp: { name: 'code_send_ip', points: 30, windowMs: HOUR_MS },
    /** Codes checked per client address, right or wrong. */
    codeVerifyPerIp: { name: 'code_verify_ip', points: 60, windowMs: 10 * MINUTE_MS },
    /** Passwords checked per client address, over every account. */
    passwordPerIp: { name: 'password_ip', points: 100, windowMs: 15 * MINUTE_MS },
    /** Passkey options handed out (the login screen's autofill asks on every visit) per client address. */
    passkeyOptionsPerIp: { name: 'passkey_opt_ip', points: 60, windowMs: MINUTE_MS },
    /** Passkey answers checked (sign-in, adding one) per client address, over every account. */
    passkeyPerIp: { name: 'passkey_ip', points: 100, windowMs: 15 * MINUTE_MS },
    /** Second factors checked per client address (sign-in second steps and set-up confirmations), over every account. */
    secondFactorPerIp: { name: 'second_factor_ip', points: 30, windowMs: 15 * MINUTE_MS },
    /** Second-factor set-up requests (new secret, removal, new recovery codes) per client address. */
    secondFactorEnrolPerIp: { name: 'second_factor_enrol_ip', points: 30, windowMs: 15 * MINUTE_MS },
    /** Requests to the OpenID Connect provider's endpoints (authorize, token, userinfo, logout…) per client address. */
    oidcPerIp: { name: 'oidc_ip', points: 300, windowMs: MINUTE_MS },
    /** User codes typed on the device sign-in screen (RFC 8628 5.2: guesses are limited) per client address. */
    oidcUserCodePerIp: { name: 'oidc_user_code_ip', points: 10, windowMs: 15 * MINUTE_MS },
    /** Data downloads and deletion requests per account (each reads or changes everything it holds). */
    accountDataPerAccount: { name: 'account_data_acct', points: 10, windowMs: HOUR_MS },
    /** Sign-in and security changes (password, email change start, unlink) per signed-in account. */
    securityChangePerAccount: { name: 'security_change_acct', points: 20, windowMs: HOUR_MS },
    /** The account center's Devices and Platforms & tools reads (sessions, sign-in history, access), per account. */
    meDevicesReadPerAccount: { name: 'me_devices_read_acct', points: 120, windowMs: MINUTE_MS },
    /** Ending sessions and removing a tool's or an app's access, per account. */
    meDevicesChangePerAccount: { name: 'me_devices_change_acct', points: 30, windowMs: 10 * MINUTE_MS },
    /** Account center changes of one's own account (the profile's name) per account. */
    accountChangePerAccount: { name: 'me_change_acct', points: 30, windowMs: 10 * MINUTE_MS },
    /** Sign-in attempts per address bucket once it tried more accounts than stuffingAccountsPerIpStrict. */
    stuffingStrictPerIp: { name: 'stuffing_strict_ip', points: 10, windowMs: 15 * MINUTE_MS },
    /** Sign-in attempts on one account from unknown browsers once more buckets than stuffingIpsPerAccountStrict tried it. */
    stuffingStrictPerAccount: { name: 'stuffing_strict_acct', points: 10, windowMs: 15 * MINUTE_MS },
    /** Proof-of-work challenges handed out per client address. */
    challengePerIp: { name: 'challenge_ip', points: 60, windowMs: MINUTE_MS },
    /** Security notices (new device, wrong passwords, second factors) mailed per account: no mail-bombing by sign-ins. */
    securityNoticePerAccount: { name: 'security_notice_acct', points: 5, windowMs: HOUR_MS, unscaled: true },
  },

  // ---- Mail delivery (mail/worker.ts).
  /** The wait before the first retry of a failed send; it doubles with each attempt (plus up to 10 % jitter). */
  mailRetryBaseMs: 5 * SECOND_MS,
  /** The longest wait between two tries. */
  mailRetryCapMs: 15 * MINUTE_MS,
  /** Tries before a mail is marked failed for good. */
  mailMaxAttempts: 12,
  /** How often the worker looks for due mail when nothing nudges it. */
  mailPollIntervalMs: 5 * SECOND_MS,
  /** How long a worker's claim on a mail holds; past it another process may send the mail. */
  mailClaimLeaseMs: 5 * MINUTE_MS,
  /** How long one send to the SMTP server may take before it counts as failed. */
  mailSendTimeoutMs: 60 * SECOND_MS,

  // ---- Events to tools and platforms (events/worker.ts, docs/events.md).
  /** The wait before the first retry of a failed delivery; it doubles with each attempt (plus up to 10 % jitter). */
  webhookRetryBaseMs: 10 * SECOND_MS,
  /** The longest wait between two tries. */
  webhookRetryCapMs: HOUR_MS,
  /** Tries before a delivery is dead (about a day and a half with the waits above); `hub webhooks redeliver` revives it. */
  webhookMaxAttempts: 40,
  /** How often the worker looks for due deliveries. */
  webhookPollIntervalMs: 2 * SECOND_MS,
  /** How long a worker's claim on a delivery holds; past it another process may send it. */
  webhookClaimLeaseMs: 2 * MINUTE_MS,
  /** How long an endpoint may take to answer before the attempt counts as failed. */
  webhookSendTimeoutMs: 15 * SECOND_MS,

  // ---- Identity providers (social/providers.ts).
  /** How long a request to Google or Facebook (discovery, token, user info) may take. */
  socialProviderTimeoutMs: 10 * SECOND_MS,
  /** How long the breached-password range service (BREACHED_PASSWORD_URL) may take before the check is skipped (fail open). */
  breachedPasswordTimeoutMs: 2 * SECOND_MS,

  // ---- Retention (storage/retention.ts, the cleanup job).
  /** Expired flows, codes, ainfo tokens and sessions stay this long (a late request still gets 'expired'). */
  expiredGraceMs: DAY_MS,
  /** Sent and failed mail rows (bodies are cleared once sent). */
  mailRetentionMs: 30 * DAY_MS,
  /** Delivered and dead webhook deliveries, after they were queued; an event goes with its last delivery. */
  webhookRetentionMs: 30 * DAY_MS,
  /** A retired signing key's private half, after it stopped being published. */
  retiredKeyRetentionMs: 7 * DAY_MS,
  /** Audit events. Default of AUDIT_RETENTION_DAYS (0 there keeps them for ever). */
  auditRetentionMs: 365 * DAY_MS,
  /** How often a hub process runs the cleanup. Default of CLEANUP_INTERVAL_MINUTES (0 there: never in-process). */
  cleanupIntervalMs: HOUR_MS,
} as const satisfies {
  throttle: Record<string, ThrottleRule>;
  [name: string]: number | Record<string, ThrottleRule>;
};

export type ThrottleRuleName = keyof typeof policy.throttle;
