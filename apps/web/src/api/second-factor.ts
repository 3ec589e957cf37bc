import {
  type SecondFactorMethod,
  type SecondStepEnrolConfirm,
  type SecondStepStatus,
  secondFactorEndpoints,
  secondStepEnrolConfirmResponseSchema,
  secondStepEnrolResponseSchema,
  secondStepPasskeyOptionsResponseSchema,
  secondStepStatusResponseSchema,
  secondStepVerifyResponseSchema,
  type TotpStart,
} from '@hub/core';
import { type ApiResult, contractCalls } from './client';

/**
 * The second step of a sign-in (core's contracts/second-factor.ts): what it offers, and the
 * second factor itself, whose answer is the sign-in's exit.
 */
const { get, post } = contractCalls(secondFactorEndpoints);

export type { SecondStepStatus };

export const secondStepStatus = (flowId: string): Promise<ApiResult<SecondStepStatus>> =>
  get('stepStatus', secondStepStatusResponseSchema, { flowId });

type SecondStepExit = { next: 'redirect'; location: string; notice?: 'account_linked' | undefined };

/** A code as typed (an authenticator app's, a recovery code). */
export const verifySecondFactor = (
  flowId: string,
  method: Exclude<SecondFactorMethod, 'passkey'>,
  code: string,
): Promise<ApiResult<SecondStepExit>> =>
  post('verify', secondStepVerifyResponseSchema, { flowId, method, code });

/** The WebAuthn options of a passkey as the flow's second factor (a new challenge bound to the flow). */
export const secondStepPasskeyOptions = (
  flowId: string,
): Promise<ApiResult<{ options: Record<string, unknown> }>> =>
  post('passkeyOptions', secondStepPasskeyOptionsResponseSchema, { flowId });

/** A passkey's answer to those options (the browser's AuthenticationResponseJSON). */
export const verifySecondFactorPasskey = (
  flowId: string,
  response: unknown,
): Promise<ApiResult<SecondStepExit>> =>
  post('verify', secondStepVerifyResponseSchema, { flowId, method: 'passkey', response });

/** A sign-in that requires a second factor the account lacks: a new authenticator secret and its QR code. */
export const startSecondFactorEnrolment = (flowId: string): Promise<ApiResult<TotpStart>> =>
  post('enrol', secondStepEnrolResponseSchema, { flowId });

/** Its first code: the app is set up, the sign-in completes, the recovery codes come once. */
export const confirmSecondFactorEnrolment = (
  flowId: string,
  code: string,
): Promise<ApiResult<SecondStepEnrolConfirm>> =>
  post('enrolConfirm', secondStepEnrolConfirmResponseSchema, { flowId, code });
