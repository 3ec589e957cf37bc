import { type AccountCheck, NEXT_STEP, notices, REDIRECT_DELAY_MS } from '@hub/core';
import type { ReactNode } from 'react';
import type { AccountPasswordApi } from '../../api/auth';
import {
  CHECKING_PASSWORD_STEP,
  IDENTIFYING_STEP,
  useAccountPasswordFlow,
} from '../../hooks/use-account-password-flow';
import { AccountForm } from '../auth/AccountForm';
import { PasswordStepForm } from '../auth/PasswordStepForm';
import { ProblemBanner } from '../auth/ProblemBanner';
import { Banner } from '../Banner';
import { ScreenLinks } from '../ScreenLinks';

interface AccountLinkFlowProps {
  api: AccountPasswordApi;
  accountLabel: string;
  /** The account field's starting value (option1: the account sainfo names); never sent by itself. */
  initialAccount?: string | undefined;
  check?: (input: string) => AccountCheck;
  /** The secondary actions under both steps ('Forgot password?', 'Cancel'). */
  links: ReactNode;
}

/**
 * Spec §2, §4 switching option1 and option2: the account step, then the password step with back;
 * after a valid password 'Account successfully linked' as the green top-centre banner, and 1.5 s
 * later the server's exit (a tool's callback or the platform site).
 */
export const AccountLinkFlow = ({
  api,
  accountLabel,
  initialAccount,
  check,
  links,
}: AccountLinkFlowProps) => {
  const link = useAccountPasswordFlow({
    api,
    initialAccount,
    ...(check ? { check } : {}),
    exitDelayMs: REDIRECT_DELAY_MS,
  });
  const { flow } = link;
  return (
    <div className="flex flex-col gap-6" data-step={link.step}>
      {link.shownStep === NEXT_STEP && flow ? (
        <PasswordStepForm
          account={flow.account}
          password={link.password}
          fieldRef={link.fieldRef}
          submitLabel="Link account"
          onSubmit={link.submitPassword}
          onBack={link.back}
          busy={link.step === CHECKING_PASSWORD_STEP}
          submitted={link.succeeded}
        />
      ) : (
        <AccountForm
          label={accountLabel}
          kind="username"
          field={link.account}
          fieldRef={link.fieldRef}
          busy={link.step === IDENTIFYING_STEP}
          onSubmit={link.submitAccount}
        />
      )}
      <ScreenLinks>{links}</ScreenLinks>
      {link.succeeded && <Banner variant="success">{notices.accountLinked}</Banner>}
      <ProblemBanner problem={link.problem} onDismiss={link.dismiss} />
    </div>
  );
};
