import {
  recoveryCodesResponseSchema,
  type SecondFactorStatus,
  secondFactorEndpoints,
  secondFactorStatusResponseSchema,
  type TotpStart,
  totpConfirmResponseSchema,
  totpRemoveResponseSchema,
  totpStartResponseSchema,
} from '@hub/core';
import { type ApiRequestOptions, type ApiResult, contractCalls } from './client';

const { get, post, delete: remove } = contractCalls(secondFactorEndpoints);

export type { SecondFactorStatus, TotpStart };

/**
 * The account center's two-step sign-in (core's contracts/second-factor.ts, the `/api/me` part):
 * what is set up, the authenticator app's set-up and removal, and new recovery codes. The second
 * step of a sign-in has its own module (second-factor.ts).
 */
export const meSecondFactorsApi = {
  status: (options?: ApiRequestOptions): Promise<ApiResult<SecondFactorStatus>> =>
    get('status', secondFactorStatusResponseSchema, undefined, options),
  /** A new secret with its QR code; not in use until a first code confirms it. */
  startTotp: (): Promise<ApiResult<TotpStart>> => post('totp', totpStartResponseSchema, {}),
  /** The first code: the app is on; the first second factor comes with the ten recovery codes (shown once). */
  confirmTotp: (
    code: string,
  ): Promise<ApiResult<{ status: SecondFactorStatus; recoveryCodes?: string[] | undefined }>> =>
    post('totpConfirm', totpConfirmResponseSchema, { code }),
  /** Turns the app off; the password must come when it is the last second factor. */
  removeTotp: (password?: string): Promise<ApiResult<SecondFactorStatus>> =>
    remove('totp', totpRemoveResponseSchema, {}, password === undefined ? {} : { password }),
  /** Ten new recovery codes (the old ones stop working), shown once. */
  newRecoveryCodes: (): Promise<ApiResult<{ codes: string[] }>> =>
    post('recoveryCodes', recoveryCodesResponseSchema, {}),
};
