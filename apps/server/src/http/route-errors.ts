import type { ErrorCode } from '@hub/core';

/**
 * The catalogue codes a route can answer, declared by the route itself beside its body, query and
 * response schemas (`schema: { body, response, errors }`). The OpenAPI document is built from these
 * declarations (http/openapi.ts); nothing else lists a route's errors. Every route also answers
 * `internal`, `service.overloaded` and `request.invalid` (the app-wide handlers), and a POST the 413
 * and 415 of a body Fastify will not read: the document adds those itself, so a route lists only
 * what its own handler, its checks and the services it calls can refuse with.
 */
export type RouteErrors = readonly ErrorCode[];

declare module 'fastify' {
  interface FastifySchema {
    /**
     * Required: a route with a schema that does not say what it can refuse with does not compile.
     * A route without a schema declares `{ schema: { errors: [...] } }` all the same
     * (http/openapi.test.ts checks that every documented route has the field).
     */
    errors: RouteErrors;
    /** The success answer is a redirect (a browser navigation), not a JSON body. */
    redirect?: true;
  }
}

/** The groups many routes share; a route spreads the ones whose checks it runs. */

/** A JSON body from the hub's own pages: unreadable JSON, or another site's `Origin`. */
const sameOriginBody = ['request.malformed_json', 'origin.forbidden'] as const satisfies RouteErrors;

/** A flow the browser holds by its id, bound to this browser (flows/flow-record.ts). */
export const flowRead = ['flow.not_found', 'flow.expired'] as const satisfies RouteErrors;

/** A browser step of a flow: same-origin only, a flow bound to this browser, throttled. */
export const flowStep = [...sameOriginBody, ...flowRead, 'rate_limited'] as const satisfies RouteErrors;

/** A read of the signed-in person's own account, throttled per account. */
export const signedInRead = ['session.required', 'rate_limited'] as const satisfies RouteErrors;

/** A change the signed-in person makes on the hub's own pages, throttled per account. */
export const signedInWrite = [
  ...sameOriginBody,
  'session.required',
  'rate_limited',
] as const satisfies RouteErrors;

/** An account as typed: its format (spec §5); the account itself is looked up after. */
export const accountInput = [
  'account.required',
  'account.format_invalid',
  'account.mobile_unavailable',
] as const satisfies RouteErrors;

/** An account as typed and then looked up. */
export const identifyAccount = [...accountInput, 'account.not_found'] as const satisfies RouteErrors;

/** A 6-digit code mailed to the person (the code step of sign-up, reset, email change, work accounts). */
export const codeStep = [
  'code.incorrect',
  'code.expired',
  'code.too_many_attempts',
] as const satisfies RouteErrors;

/** A new password under the spec's rules (§5). */
export const newPassword = [
  'password.required',
  'password.not_equal',
  'password.too_weak',
  'password.too_common',
  'password.too_long',
] as const satisfies RouteErrors;

/** The current password, typed again. */
export const passwordCheck = ['password.required', 'password.incorrect'] as const satisfies RouteErrors;

/** Where a sign-in ends (sso/complete-sign-in.ts): the tool's and the platform's refusals. */
export const signInRefusals = [
  'account.locked',
  'account.not_registered_to_tool',
  'account.not_registered_to_platform',
  'account.company_on_personal',
  'account.client_refused',
  'sso.tsa_key_missing',
] as const satisfies RouteErrors;

/** A sign-in step under the credential-stuffing checks (services/stuffing.ts): a challenge to solve. */
export const signInChallenge = ['challenge.required', 'challenge.invalid'] as const satisfies RouteErrors;

/** A server-to-server call with a tool's or a platform's credential (sso/credentials.ts). */
export const toolCredential = ['tool.unauthorized', 'tool.forbidden'] as const satisfies RouteErrors;
