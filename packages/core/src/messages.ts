/**
 * The screens that word an event differently from the rest: the spec quotes, for instance, 'Account
 * does not exist.' on the reset screen and 'Account does not exist' everywhere else. The code says
 * what happened; the screen picks the wording.
 */
export type MessageScreen = 'reset' | 'linking';

interface CatalogEntry {
  /** The English text; `{name}` placeholders are filled from the error's params. */
  message: string;
  status: number;
  /** The wording of the same event on a screen that words it otherwise. */
  screens?: Partial<Record<MessageScreen, string>>;
}

/**
 * THE error catalogue: spec §8 (word for word where the spec quotes a text) plus the codes our API
 * needs. Codes are the contract between server and web and name what happened, never a wording;
 * text is looked up here. `status` is the HTTP status the API answers with; 0 marks a client-side
 * condition the API never sends.
 */
export const errorCatalog = {
  'account.required': { message: 'Account is required', status: 400 },
  'account.not_found': {
    message: 'Account does not exist',
    status: 404,
    screens: { reset: 'Account does not exist.' },
  },
  'account.already_exists': {
    message: 'Account already exist.',
    status: 409,
    screens: { linking: 'Account already exists' },
  },
  'account.already_linked': { message: 'Account already linked', status: 409 },
  'account.format_invalid': {
    message: 'Account format is invalid.',
    status: 400,
    screens: { linking: 'Account format is invalid' },
  },
  'account.not_registered_to_tool': { message: 'Account is not registered to {tool}', status: 403 },
  'account.not_registered_to_platform': { message: 'Account is not registered to {platform}', status: 403 },
  // Spec §8 names this message without quoting it.
  'account.company_on_personal': {
    message: 'Company accounts cannot be used on the Personal platform.',
    status: 403,
  },
  'account.client_refused': {
    message: 'Clients are unable to use their accounts in this particular system.',
    status: 403,
  },
  'account.work_account_link': {
    message: 'You can’t link the work account in business account linking setup',
    status: 403,
  },
  'account.mobile_unavailable': {
    message: 'Mobile registration is currently unavailable. Please use your email address.',
    status: 400,
  },
  'password.incorrect': { message: 'Incorrect password.', status: 401 },
  'password.required': { message: 'Password is required', status: 400 },
  'password.not_equal': { message: 'Not Equal passwords', status: 400 },
  'password.too_weak': {
    message:
      'Password must have at least 8 characters, a lower case and an upper case letter, a number and a symbol.',
    status: 400,
  },
  'password.too_common': { message: 'This password is too common. Please choose another one.', status: 400 },
  'password.too_long': { message: 'Password must be at most 256 characters.', status: 400 },
  // The account center's sign-in and security page (docs/account-center.md).
  'password.unchanged': {
    message: 'Your new password must be different from your current one.',
    status: 400,
  },
  'email.required': { message: 'Enter your new email address.', status: 400 },
  'email.invalid': { message: 'Enter a valid email address, like name@example.com.', status: 400 },
  'email.unchanged': { message: 'This is already your email address.', status: 400 },
  'provider.not_linked': { message: 'This sign-in option is not linked to your account.', status: 404 },
  'account.last_sign_in_method': {
    message: 'You can’t unlink your only way to sign in. Set a password or link another account first.',
    status: 409,
  },
  'code.incorrect': { message: 'Verification code is incorrect', status: 400 },
  'code.expired': { message: 'Verification code has expired. Please request a new code.', status: 400 },
  'code.too_many_attempts': {
    message: 'Too many incorrect codes. Please request a new code.',
    status: 429,
  },
  // Second factors (docs/second-factors.md): not in the spec; the product's own words.
  'second_factor.code_incorrect': {
    message: 'That code didn’t work. Check your authenticator app and try again.',
    status: 401,
  },
  'second_factor.code_required': {
    message: 'Enter the 6-digit code from your authenticator app.',
    status: 400,
  },
  'second_factor.recovery_incorrect': {
    message: 'That recovery code didn’t work. Each recovery code works only once.',
    status: 401,
  },
  'second_factor.method_unavailable': {
    message: 'This way of confirming it’s you isn’t set up for your account.',
    status: 400,
  },
  'second_factor.already_enrolled': {
    message: 'An authenticator app is already set up. Remove it before setting up another one.',
    status: 409,
  },
  'second_factor.enrolment_not_started': {
    message: 'Setting up the authenticator app has timed out. Please start again.',
    status: 400,
  },
  'second_factor.not_enrolled': {
    message: 'Set up an authenticator app before making recovery codes.',
    status: 409,
  },
  'sso.tsa_key_missing': { message: 'AUTHORIZATION_ERROR: TSA key does not exist.', status: 400 },
  'sso.callback_missing': { message: 'AUTHORIZATION_ERROR: Callback URL is missing.', status: 400 },
  // Not in the spec: a tool's state must be 16-256 URL-safe characters (tool-session.ts).
  'sso.state_invalid': { message: 'AUTHORIZATION_ERROR: State is malformed.', status: 400 },
  // Not in the spec: an OpenID Connect sign-in that is over, or was started in another browser.
  'oidc.interaction_invalid': {
    message: 'This sign-in request is no longer valid. Please go back to the application and start again.',
    status: 400,
  },
  // Passkeys (docs/passkeys.md): an answer from an authenticator the hub could not accept.
  'passkey.refused': {
    message: 'This passkey could not be verified. Please try again or use your password.',
    status: 401,
  },
  'passkey.already_registered': { message: 'This passkey is already registered.', status: 409 },
  'passkey.limit_reached': {
    message: 'You have reached the limit of {limit} passkeys. Remove one to add another.',
    status: 409,
  },
  'tool.unauthorized': { message: 'The tool credential is missing or not valid.', status: 401 },
  'tool.forbidden': { message: 'This credential may not use this endpoint.', status: 403 },
  'work_account.owner_required': { message: 'Only a business owner can add work accounts.', status: 403 },
  'token.invalid': { message: 'The ainfo token is not valid for this tool or has expired.', status: 401 },
  'token.redeemed': { message: 'The ainfo token has already been redeemed.', status: 409 },
  rate_limited: { message: 'Too many attempts. Please try again in {seconds} seconds.', status: 429 },
  'request.invalid': {
    message: 'The request is invalid. Please check the fields and try again.',
    status: 400,
  },
  'request.malformed_json': { message: 'The request body is not valid JSON.', status: 400 },
  not_found: { message: 'Not found.', status: 404 },
  'flow.expired': { message: 'This session has expired. Please start again.', status: 410 },
  'flow.not_found': { message: 'This session was not found. Please start again.', status: 404 },
  // Not in the spec: the account center's name form (contracts/me-profile.ts).
  'name.required': { message: 'Please enter your first and last name.', status: 400 },
  'name.invalid': {
    message: 'Use letters, spaces, hyphens, apostrophes or periods only.',
    status: 400,
  },
  'name.too_long': { message: 'This is too long.', status: 400 },
  'session.required': { message: 'Please sign in to continue.', status: 401 },
  // 'Continue as' where the tool or client demands a fresh sign-in (docs/sessions.md).
  'session.fresh_sign_in_required': {
    message: 'This sign-in asks for your password again. Please use the form below.',
    status: 403,
  },
  // The account center's "Your data".
  'account.fresh_sign_in_required': {
    message: 'For your security, please log out, sign in again and then delete your account.',
    status: 403,
  },
  'account.deletion_pending': { message: 'Your account is already scheduled for deletion.', status: 409 },
  // The account center's Devices and Platforms & tools pages (docs/account-center.md). Another
  // account's session, tool or application is answered as one that does not exist.
  'session.not_found': { message: 'This session has already ended.', status: 404 },
  'tool.access_not_found': { message: 'This tool has no access to your account.', status: 404 },
  'tool.access_managed': {
    message: 'Who can use {tool} is decided by its operator. Ask them to remove your access.',
    status: 403,
  },
  'oidc.consent_not_found': { message: 'This app has no access to your account.', status: 404 },
  'origin.forbidden': { message: 'This request comes from an origin that is not allowed.', status: 403 },
  // The operator console (docs/console.md). A locked account is refused at every sign-in step.
  'account.locked': {
    message: 'Sign-in to this account is locked. Please contact support.',
    status: 403,
  },
  'admin.forbidden': { message: 'Your console role does not allow this.', status: 403 },
  'admin.second_factor_required': {
    message: 'Sign in with a passkey or an authenticator code to open the console.',
    status: 403,
  },
  'admin.reason_required': { message: 'Please give a reason for this action.', status: 400 },
  'admin.operator_not_found': { message: 'This account holds no console role.', status: 404 },
  // The console's tool and client registry (docs/console.md "Tools and clients"). `field` names the
  // input refused; the same rules as `hub tools` and `hub clients`.
  'admin.value_invalid': { message: 'This value is not accepted. Please check it.', status: 400 },
  'admin.tool_not_found': { message: 'There is no tool with this id.', status: 404 },
  'admin.tool_exists': { message: 'A tool with this id already exists.', status: 409 },
  'admin.tool_protected': {
    message: 'A platform or the seeded catalogue relies on these callbacks. Confirm to change them anyway.',
    status: 409,
  },
  'admin.callback_not_found': { message: 'The tool has no callback of this name here.', status: 404 },
  'admin.tsa_key_taken': { message: 'This tsa key already names another tool.', status: 409 },
  'admin.tsa_key_not_found': { message: 'No tool has this tsa key.', status: 404 },
  'admin.member_not_found': { message: 'This account is not a member of the tool.', status: 404 },
  'admin.client_not_found': { message: 'There is no client with this id.', status: 404 },
  'admin.client_without_secret': { message: 'This client has no secret to rotate.', status: 409 },
  // Credential stuffing (docs/security.md): the sign-in step needs a solved proof-of-work challenge.
  // The page solves it in the background and sends the step again; the texts show only if it cannot.
  'challenge.required': { message: 'Checking your browser… Please try again.', status: 428 },
  'challenge.invalid': {
    message: 'Your browser could not be checked. Please try again.',
    status: 403,
  },
  'admin.no_email': {
    message: 'This account has no email address to send a code to.',
    status: 409,
  },
  internal: { message: 'Something went wrong on our side. Please try again.', status: 500 },
  // Load shedding: this process is too busy to answer in time; another one, or this one shortly, will.
  'service.overloaded': {
    message: 'The service is busy right now. Please try again in a few seconds.',
    status: 503,
  },
  // The database is unreachable, lost or busy: a new attempt in a few seconds can succeed.
  'service.unavailable': {
    message: 'The service is busy right now. Please try again in a moment.',
    status: 503,
  },
  'network.unreachable': {
    message: 'We could not reach the server. Please check your connection and try again.',
    status: 0,
  },
} as const satisfies Record<string, CatalogEntry>;

export type ErrorCode = keyof typeof errorCatalog;
export const errorCodes = Object.keys(errorCatalog) as ErrorCode[];
export const isErrorCode = (value: unknown): value is ErrorCode =>
  typeof value === 'string' && Object.hasOwn(errorCatalog, value);

/** The HTTP status the API answers for a code. */
export const errorStatus = (code: ErrorCode): number => errorCatalog[code].status;

/** A code's text as a given screen words it (the default wording when that screen has none of its own). */
const wordingOf = (code: ErrorCode, screen?: MessageScreen): string => {
  const entry: CatalogEntry = errorCatalog[code];
  return (screen && entry.screens?.[screen]) || entry.message;
};

/** Renders a code in the reader's language (the web app installs i18next's; see docs/i18n.md). */
export type ErrorTranslator = (
  code: ErrorCode,
  params: Record<string, string | number> | undefined,
  screen: MessageScreen | undefined,
) => string;

let translator: ErrorTranslator | undefined;

/**
 * Makes `errorMessage` (and so `apiErrorText`) answer in the chosen language. Only the web app
 * calls it, once, at start-up: a browser has one reader. The server never does (it serves many
 * readers at once) and renders a request's language with its own i18next instance instead.
 */
export const setErrorTranslator = (next: ErrorTranslator | undefined): void => {
  translator = next;
};

/** The English message of a code (the spec's text), whatever translator is installed. */
export const englishErrorMessage = (
  code: ErrorCode,
  params?: Record<string, string | number>,
  screen?: MessageScreen,
): string =>
  wordingOf(code, screen).replace(/\{(\w+)\}/g, (placeholder, name: string) =>
    params && Object.hasOwn(params, name) ? String(params[name]) : placeholder,
  );

/** The names a code's texts interpolate, in every wording: the only params an error body carries. */
/**
 * The message of a code with its `{name}` placeholders filled from params, in the wording of
 * `screen` when that screen words it otherwise, in the reader's language when a translator is
 * installed (English otherwise). A placeholder without a param is left as written, so a missing
 * param is visible rather than silently blank.
 */
export const errorMessage = (
  code: ErrorCode,
  params?: Record<string, string | number>,
  screen?: MessageScreen,
): string => translator?.(code, params, screen) ?? englishErrorMessage(code, params, screen);

export const errorParamNames = (code: ErrorCode): string[] => {
  const entry: CatalogEntry = errorCatalog[code];
  const texts = [entry.message, ...Object.values(entry.screens ?? {})];
  return [...new Set(texts.flatMap((text) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!)))];
};
