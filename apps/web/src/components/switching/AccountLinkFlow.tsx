import { type AccountCheck, type MessageScreen, REDIRECT_DELAY_MS } from '@hub/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AccountPasswordApi } from '../../api/auth';
import { useAccountPasswordFlow } from '../../hooks/use-account-password-flow';
import { AccountPasswordSteps } from '../auth/AccountPasswordSteps';

interface AccountLinkFlowProps {
  api: AccountPasswordApi;
  accountLabel: string;
  /** The account field's starting value (option1: the account sainfo names); never sent by itself. */
  initialAccount?: string | undefined;
  check?: (input: string) => AccountCheck;
  /** The screen whose wording the errors take (linking: 'Account format is invalid', no full stop). */
  screen?: MessageScreen;
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
  screen,
  links,
}: AccountLinkFlowProps) => {
  const { t } = useTranslation();
  const link = useAccountPasswordFlow({
    api,
    initialAccount,
    screen,
    ...(check ? { check } : {}),
    exitDelayMs: REDIRECT_DELAY_MS,
  });
  return (
    <AccountPasswordSteps
      flow={link}
      accountLabel={accountLabel}
      submitLabel={t('switching.linkAccount')}
      links={links}
      successNotice={t('notice.accountLinked')}
    />
  );
};
