import { NEXT_STEP } from '@hub/core';
import type { ReactNode } from 'react';
import {
  type AccountPasswordFlow,
  CHECKING_PASSWORD_STEP,
  IDENTIFYING_STEP,
  SECOND_FACTOR_STEP,
} from '../../hooks/use-account-password-flow';
import { Banner } from '../Banner';
import { ScreenLinks } from '../ScreenLinks';
import { AccountForm } from './AccountForm';
import { PasswordStepForm } from './PasswordStepForm';
import { ProblemBanner } from './ProblemBanner';
import { SecondFactorStep } from './SecondFactorStep';

interface AccountPasswordStepsProps {
  flow: AccountPasswordFlow;
  /** The account field's label. */
  accountLabel: string;
  /** The password step's button ('Log in', 'Link account'). */
  submitLabel: string;
  /** The secondary actions under both steps ('Forgot password?', 'Sign up', 'Cancel'). */
  links: ReactNode;
  /** Shown as the green top-centre banner from a valid password until the browser leaves. */
  successNotice?: string;
  /**
   * Another way to sign in, under the account step's form (the login's passkey): with it, the
   * account field also offers passkeys in the browser's autofill.
   */
  passkeySignIn?: ReactNode;
}

/**
 * Spec §2, §4 login, switching option1 and option2: the account step, then the password step
 * with back, the links under both and the problem banner.
 */
export const AccountPasswordSteps = ({
  flow,
  accountLabel,
  submitLabel,
  links,
  successNotice,
  passkeySignIn,
}: AccountPasswordStepsProps) => {
  const identified = flow.flow;
  // A right password of an account with a second factor: that step alone (docs/second-factors.md).
  if (flow.step === SECOND_FACTOR_STEP && flow.secondFactor) {
    return (
      <div className="flex flex-col gap-6" data-step={flow.step}>
        <SecondFactorStep
          flowId={flow.secondFactor.flowId}
          methods={flow.secondFactor.methods}
          enrol={flow.secondFactor.enrol}
          onVerified={flow.completeSecondFactor}
          onRestart={flow.back}
        />
        {successNotice && flow.succeeded && <Banner variant="success">{successNotice}</Banner>}
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-6" data-step={flow.step}>
      {flow.shownStep === NEXT_STEP && identified ? (
        <PasswordStepForm
          account={identified.account}
          password={flow.password}
          fieldRef={flow.fieldRef}
          submitLabel={submitLabel}
          onSubmit={flow.submitPassword}
          onBack={flow.back}
          busy={flow.step === CHECKING_PASSWORD_STEP}
          submitted={flow.succeeded}
        />
      ) : (
        <AccountForm
          label={accountLabel}
          kind="username"
          field={flow.account}
          fieldRef={flow.fieldRef}
          busy={flow.step === IDENTIFYING_STEP}
          onSubmit={flow.submitAccount}
          passkeyAutofill={Boolean(passkeySignIn)}
        >
          {passkeySignIn}
        </AccountForm>
      )}
      <ScreenLinks>{links}</ScreenLinks>
      {successNotice && flow.succeeded && <Banner variant="success">{successNotice}</Banner>}
      <ProblemBanner problem={flow.problem} onDismiss={flow.dismiss} />
    </div>
  );
};
