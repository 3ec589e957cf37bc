import { isBusyStep, NEXT_STEP, type Platform, routePath } from '@hub/core';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { type ContextKey, useFlowContext } from '../../hooks/use-flow-context';
import { CHECKING_PASSWORD_STEP, IDENTIFYING_STEP, useLoginFlow } from '../../hooks/use-login-flow';
import { useSainfoAccount } from '../../hooks/use-sainfo-account';
import { ScreenLinks } from '../ScreenLinks';
import { TextLink } from '../TextLink';
import { AccountForm } from './AccountForm';
import { AccountSummary } from './AccountSummary';
import { withFrom } from './hrefs';
import { PasswordField } from './PasswordField';
import { ProblemBanner } from './ProblemBanner';
import { SubmitButton } from './SubmitButton';

/** Spec §2 "Query parameters by screen": Login reads from, subcb and sainfo. */
const loginContextKeys: readonly ContextKey[] = ['from', 'subcb', 'sainfo'];

interface LoginFlowProps {
  platform: Platform;
  toolLogin?: boolean;
  /** The tool session to log in for when it is not the page's `from` (the tool login's kept session). */
  toolSession?: string | undefined;
}

/** Spec §2, §4 Login (and the tool login): the account step, then the password step. */
export const LoginFlow = ({ platform, toolLogin = false, toolSession }: LoginFlowProps) => {
  const [params] = useSearchParams();
  const from = toolSession ?? params.get('from');
  const queryContext = useFlowContext(loginContextKeys);
  const context = useMemo(
    () => (toolSession ? { ...queryContext, from: toolSession } : queryContext),
    [queryContext, toolSession],
  );
  // A direct checkout names the account in sainfo (spec §4): the field starts with it, unsent.
  const initialAccount = useSainfoAccount();
  const login = useLoginFlow({ platform, context, toolLogin, initialAccount });
  const { flow } = login;

  return (
    <div className="flex flex-col gap-6" data-step={login.step}>
      {login.shownStep === NEXT_STEP && flow ? (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            login.submitPassword();
          }}
          className="flex flex-col gap-5"
        >
          <AccountSummary account={flow.account} onBack={login.back} backDisabled={isBusyStep(login.step)} />
          <PasswordField
            ref={login.fieldRef}
            label="Password"
            name="password"
            autoComplete="current-password"
            value={login.password.value}
            onChange={login.password.change}
            error={login.password.error}
            readOnly={login.step === CHECKING_PASSWORD_STEP}
          />
          <SubmitButton label="Log in" busy={login.step === CHECKING_PASSWORD_STEP} />
        </form>
      ) : (
        <AccountForm
          label="Email, mobile number or username"
          kind="username"
          field={login.account}
          fieldRef={login.fieldRef}
          busy={login.step === IDENTIFYING_STEP}
          onSubmit={login.submitAccount}
        />
      )}
      <ScreenLinks>
        <TextLink to={withFrom(routePath('reset_password', { platform }), from)}>Forgot password?</TextLink>
        <span>
          New here? <TextLink to={withFrom(routePath('registration', { platform }), from)}>Sign up</TextLink>
        </span>
      </ScreenLinks>
      <ProblemBanner problem={login.problem} onDismiss={login.dismiss} />
    </div>
  );
};
