import { acrOf, isPlatform, LANGUAGE_QUERY, type Platform, routePath } from '@hub/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { HubError } from '../errors.js';
import { uiLocalesLanguage } from '../http/language.js';
import { originOf } from '../http/request-context.js';
import type { Hub } from '../hub.js';
import type { SignInRequest } from '../sso/complete-sign-in.js';
import { recordToolRefusal } from '../sso/tool-access.js';
import { createOidcClientQueries } from '../storage/oidc.js';
import { type HubOidc, TOOL_MEMBERSHIP_REASON } from './provider.js';

/**
 * The browser that started an interaction keeps its uid in this cookie (host-only, `__Host-` on
 * HTTPS). The sign-in that ends the interaction must come from that browser: a login link carrying
 * someone else's uid cannot hand them a code for the account that signs in.
 */
export const oidcBindingCookie = (hub: Hub) =>
  hub.config.publicUrl.startsWith('https://') ? '__Host-hub_oidc_uid' : 'hub_oidc_uid';

const UID_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;

/**
 * GET /oidc/interaction/:uid, where the provider sends a browser that must sign in (a live hub
 * session has already signed it in, see the login policy in configuration.ts, unless the client asked
 * for a fresh login). The provider's own cookie proves this browser started the interaction; it
 * goes to the identifier-first login of the client's platform (or the `platform` parameter),
 * carrying the uid in its flow context.
 */
export const startInteraction = async (
  hub: Hub,
  oidc: HubOidc,
  request: FastifyRequest<{ Params: { uid: string } }>,
  reply: FastifyReply,
) => {
  const provider = await oidc.provider();
  let details: Awaited<ReturnType<typeof provider.interactionDetails>>;
  try {
    details = await provider.interactionDetails(request.raw, reply.raw);
  } catch {
    throw new HubError('oidc.interaction_invalid');
  }
  if (details.uid !== request.params.uid) throw new HubError('oidc.interaction_invalid');
  const uid = details.uid;

  const client = await createOidcClientQueries(hub.db).find(String(details.params.client_id));
  const asked = details.params.platform;
  const platform: Platform = isPlatform(asked) ? asked : ((client?.platform as Platform | null) ?? 'psl');
  if (details.prompt.reasons.includes(TOOL_MEMBERSHIP_REASON)) {
    // Audited as the tool login's refusal is (sso/tool-access.ts), with the client beside the tool.
    await recordToolRefusal(
      hub,
      {
        accountId: details.session?.accountId ?? null,
        from: originOf(request),
        platform,
        method: 'oidc',
        tid: client?.tid ?? null,
        client: client?.client_id ?? null,
      },
      hub.now(),
    );
    const location = await oidc.finishInteraction(uid, {
      error: 'access_denied',
      error_description: 'this account may not use this application',
    });
    return reply.redirect(location, 303);
  }
  reply.setCookie(oidcBindingCookie(hub), uid, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: hub.config.publicUrl.startsWith('https://'),
    maxAge: Math.max(1, await oidc.interactionSecondsLeft(uid)),
  });
  // OpenID Connect ui_locales ("fil en"): the first of ours is the screens' language (`?lng=`, which
  // the web app then remembers); without one, the person's own choice or browser decides (issue #18).
  const uiLanguage = uiLocalesLanguage(details.params.ui_locales);
  const query = `?${new URLSearchParams({ oidc: uid, ...(uiLanguage ? { [LANGUAGE_QUERY]: uiLanguage } : {}) })}`;
  // Signed in, but this client (not first-party) lacks the person's consent for what it asks.
  if (details.prompt.name === 'consent')
    return reply.redirect(`${routePath('oidc_consent', { platform })}${query}`, 303);
  // prompt=create: the sign-up screen, whose completed sign-up ends the interaction at the same exit.
  if (details.prompt.name === 'create')
    return reply.redirect(`${routePath('registration', { platform })}${query}`, 303);
  if (details.prompt.name !== 'login') throw new HubError('oidc.interaction_invalid');
  return reply.redirect(`${routePath('login', { platform })}${query}`, 303);
};

/**
 * The sign-in pipeline's OpenID Connect return step (assembled by app.ts): the interaction named in
 * the flow context gets the sign-in, and the browser goes to the provider's resume address, which
 * answers the client. The methods the hub checked go on as the id_token's `amr` (RFC 8176) and
 * `acr` (docs/second-factors.md).
 */
export const oidcExitLocation = async (
  hub: Hub,
  oidc: HubOidc,
  request: SignInRequest,
  accountId: string,
  uid: string,
  amr: string[] = [],
): Promise<string> => {
  if (!UID_PATTERN.test(uid) || request.cookies[oidcBindingCookie(hub)] !== uid)
    throw new HubError('oidc.interaction_invalid');
  try {
    // `create` marks prompt=create resolved whichever screen signed the person in (sign-up, or the
    // login a person who already has an account picks instead); without prompt=create it is ignored.
    return await oidc.finishInteraction(uid, {
      login: { accountId, ...(amr.length > 0 ? { amr } : {}), acr: acrOf(amr) },
      create: {},
    });
  } catch {
    throw new HubError('oidc.interaction_invalid');
  }
};
