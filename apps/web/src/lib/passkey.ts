import { type ApiError, type PasskeyLoginOptionsRequest, type RedirectAnswer, toApiError } from '@hub/core';
import {
  type AuthenticationResponseJSON,
  browserSupportsWebAuthn,
  browserSupportsWebAuthnAutofill,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  startAuthentication,
  startRegistration,
  WebAuthnAbortService,
  WebAuthnError,
} from '@simplewebauthn/browser';
import {
  addPasskey,
  type PasskeyView,
  passkeyLoginOptions,
  passkeyRegistrationOptions,
  verifyPasskeyLogin,
} from '../api/passkeys';
import { secondStepPasskeyOptions, verifySecondFactorPasskey } from '../api/second-factor';

/**
 * Passkeys in the browser (docs/passkeys.md), on @simplewebauthn/browser: ask the hub for options,
 * hand them to the browser's authenticator, send its answer back. Every function answers a value,
 * never throws: `cancelled` when the person closed the prompt (or another ceremony replaced it),
 * else the API's result with its error from the catalogue.
 */

export type PasskeyResult<T> =
  | { ok: true; data: T }
  | { ok: false; cancelled: true }
  /**
   * `stage` 'options': the hub's options could not be had (nothing was asked of the person yet);
   * 'browser': the browser refused the ceremony itself (no passkey was checked by the hub).
   */
  | { ok: false; cancelled?: false; error: ApiError; stage?: 'options' | 'browser' };

const cancelled = { ok: false, cancelled: true } as const;

/** Whether this browser can use passkeys at all (the passkey actions are hidden otherwise). */
export const passkeysSupported = (): boolean => browserSupportsWebAuthn();

/** Whether the account field can offer passkeys in the browser's autofill (conditional mediation). */
export const passkeyAutofillSupported = (): Promise<boolean> => browserSupportsWebAuthnAutofill();

/** Ends a waiting passkey prompt or autofill offer (a screen that goes away). */
export const cancelPasskeyPrompt = () => WebAuthnAbortService.cancelCeremony();

/** What the browser's refusal means: the person said no (or it was replaced), or a failure to show. */
const browserFailure = (error: unknown, registering: boolean): PasskeyResult<never> => {
  const name = error instanceof Error ? error.name : '';
  const code = error instanceof WebAuthnError ? error.code : undefined;
  if (code === 'ERROR_CEREMONY_ABORTED' || name === 'AbortError' || name === 'NotAllowedError')
    return cancelled;
  if (registering && code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED') {
    return { ok: false, error: toApiError('passkey.already_registered') };
  }
  console.warn('passkey: the browser refused the ceremony', error);
  return { ok: false, error: toApiError('passkey.refused'), stage: 'browser' };
};

/**
 * The authenticator's answer to sign-in options the hub made (the first factor here, or the second
 * step's options): with `autofill`, offered in the account field's autofill instead of a prompt.
 */
export const passkeyAssertion = async (
  options: Record<string, unknown>,
  { autofill = false }: { autofill?: boolean } = {},
): Promise<PasskeyResult<AuthenticationResponseJSON>> => {
  try {
    const response = await startAuthentication({
      optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON,
      useBrowserAutofill: autofill,
    });
    return { ok: true, data: response };
  } catch (error) {
    return browserFailure(error, false);
  }
};

/**
 * Signs in with a passkey from the login's account step: the hub's options for this platform and
 * page context, the authenticator's answer, and the hub's verdict, which is where the browser goes
 * next (the same exit as a password sign-in). `signal` abandons it before the prompt opens.
 */
export const signInWithPasskey = async (
  request: PasskeyLoginOptionsRequest,
  { autofill = false, signal }: { autofill?: boolean; signal?: AbortSignal } = {},
): Promise<PasskeyResult<RedirectAnswer>> => {
  const options = await passkeyLoginOptions(request, signal ? { signal } : {});
  if (!options.ok) return options.aborted ? cancelled : { ok: false, error: options.error, stage: 'options' };
  // A screen that went away while the options came: no prompt for it (it would end a newer one).
  if (signal?.aborted) return cancelled;
  const answer = await passkeyAssertion(options.data.options, { autofill });
  if (!answer.ok) return answer;
  const verdict = await verifyPasskeyLogin({ challengeId: options.data.challengeId, response: answer.data });
  return verdict.ok ? { ok: true, data: verdict.data } : { ok: false, error: verdict.error };
};

/**
 * Confirms a parked sign-in with a passkey as its second factor (the second step of
 * docs/second-factors.md): the flow's options (the account's passkeys), the authenticator's answer,
 * and the hub's verdict, which is the sign-in's exit.
 */
export const confirmWithPasskey = async (
  flowId: string,
): Promise<PasskeyResult<{ location: string; notice?: 'account_linked' | undefined }>> => {
  const options = await secondStepPasskeyOptions(flowId);
  if (!options.ok) return { ok: false, error: options.error, stage: 'options' };
  const answer = await passkeyAssertion(options.data.options);
  if (!answer.ok) return answer;
  const verdict = await verifySecondFactorPasskey(flowId, answer.data);
  return verdict.ok ? { ok: true, data: verdict.data } : { ok: false, error: verdict.error };
};

/** Adds a passkey to the signed-in account under `name`: options, the authenticator, the hub's check. */
export const registerPasskey = async (name: string): Promise<PasskeyResult<PasskeyView>> => {
  const options = await passkeyRegistrationOptions();
  if (!options.ok) return { ok: false, error: options.error };
  let response: Awaited<ReturnType<typeof startRegistration>>;
  try {
    response = await startRegistration({
      optionsJSON: options.data.options as unknown as PublicKeyCredentialCreationOptionsJSON,
    });
  } catch (error) {
    return browserFailure(error, true);
  }
  const added = await addPasskey({ challengeId: options.data.challengeId, name, response });
  return added.ok ? { ok: true, data: added.data } : { ok: false, error: added.error };
};
