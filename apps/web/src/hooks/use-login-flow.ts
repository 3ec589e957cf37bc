import type { FlowContext, Platform } from '@hub/core';
import { type AccountPasswordApi, checkLoginPassword, identifyLoginAccount } from '../api/auth';
import { useAccountPasswordFlow } from './use-account-password-flow';

interface LoginOptions {
  platform: Platform;
  context: FlowContext | undefined;
  /** The tool login (spec §2): the server also checks that the account belongs to the tool. */
  toolLogin?: boolean;
  /** The account field's starting value (e.g. carried by sainfo); never submitted by itself. */
  initialAccount?: string | undefined;
}

/**
 * Spec §3 "Sign-in" state and §4 "Login": step 1 identifies the account, step 2 checks its
 * password; a valid password leaves at once for the server's exit (docs/architecture.md "Every sign-in ends in one place").
 */
export const useLoginFlow = ({ platform, context, toolLogin, initialAccount }: LoginOptions) => {
  const api: AccountPasswordApi = {
    identify: (account) =>
      identifyLoginAccount({
        platform,
        account,
        ...(toolLogin ? { toolLogin } : {}),
        ...(context ? { context } : {}),
      }),
    checkPassword: checkLoginPassword,
  };
  return useAccountPasswordFlow({ api, initialAccount });
};
