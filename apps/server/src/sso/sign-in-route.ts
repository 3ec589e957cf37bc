import type { RedirectAnswer, SignInAnswer } from '@hub/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { requestLanguage } from '../http/language.js';
import { originOf } from '../http/request-context.js';
import { currentSession } from '../http/session.js';
import type { Hub } from '../hub.js';
import type { SignInCompletion, SignInOutcome, SignInPipeline, SignInRequest } from './complete-sign-in.js';
import { requestToolReader } from './tool-access.js';

/** What the sign-in pipeline reads of a Fastify request (its steps never see the request itself). */
export const signInRequestOf = (hub: Hub, request: FastifyRequest): SignInRequest => ({
  cookies: request.cookies,
  language: requestLanguage(request),
  session: () => currentSession(hub, request),
  tools: requestToolReader(hub),
  // Last: new keys after an opening spread are slow (docs/performance.md "Objects opened by a spread").
  ...originOf(request),
});

/** Sets the completion's cookies and headers on the reply and returns the answer's JSON. */
export const applySignIn = (reply: FastifyReply, completion: SignInCompletion): SignInAnswer => {
  for (const cookie of completion.cookies) reply.setCookie(cookie.name, cookie.value, cookie.options);
  for (const [name, value] of Object.entries(completion.headers)) reply.header(name, value);
  if (completion.nextStep) {
    const { location: _onTheLoginScreen, ...answer } = completion.nextStep;
    return answer;
  }
  return { next: 'redirect', location: completion.location };
};

/**
 * A route's end of a sign-in: the pipeline completes it, the route applies what it returns. A
 * sign-in by a new account (sign-up), by the browser's live hub session, or by a passkey (which
 * proves possession and the person's verification at once) never stops for a second factor on
 * this answer: it is always a redirect.
 */
type FinishSignIn = {
  (
    signIn: SignInPipeline,
    hub: Hub,
    request: FastifyRequest,
    reply: FastifyReply,
    outcome: SignInOutcome & { authMethod: 'signup' | 'session' | 'passkey' },
  ): Promise<RedirectAnswer>;
  (
    signIn: SignInPipeline,
    hub: Hub,
    request: FastifyRequest,
    reply: FastifyReply,
    outcome: SignInOutcome,
  ): Promise<SignInAnswer>;
};
export const finishSignIn: FinishSignIn = (async (
  signIn: SignInPipeline,
  hub: Hub,
  request: FastifyRequest,
  reply: FastifyReply,
  outcome: SignInOutcome,
) => applySignIn(reply, await signIn.complete(signInRequestOf(hub, request), outcome))) as FinishSignIn;
