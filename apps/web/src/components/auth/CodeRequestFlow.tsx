import type { AccountCheck, CodeSent, MessageScreen, RedirectAnswer } from '@hub/core';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CodeApi } from '../../api/auth';
import type { ApiResult } from '../../api/client';
import { REQUESTING_CODE_STEP, useCodeRequestFlow } from '../../hooks/use-code-request-flow';
import { useGoTo } from '../../hooks/use-go-to';
import { devMailboxPath } from '../../lib/dev-mailbox';
import { AccountForm } from './AccountForm';
import { AccountSummary } from './AccountSummary';
import { CodeStep } from './CodeStep';
import { ProblemBanner } from './ProblemBanner';

interface CodeRequestFlowProps {
  accountLabel: string;
  kind: 'email' | 'username';
  check: (input: string) => AccountCheck;
  request: (account: string) => Promise<ApiResult<CodeSent | RedirectAnswer>>;
  codeApi: CodeApi;
  /** Filled in and submitted at once (spec §2: the ubr_profile entry starts by itself). */
  autoStartWith?: string | undefined;
  /** The account field's starting value, not submitted by itself (a direct checkout's sainfo). */
  initialAccount?: string | undefined;
  /** The links under the account step. */
  links?: ReactNode;
  /** The screen whose wording the errors take, when it words them otherwise (reset). */
  screen?: MessageScreen;
}

/**
 * Spec §2, §4 Sign-up and Reset password: the account step requests a code, the code step
 * verifies it, then the server's location (the finalize screen) follows.
 */
export const CodeRequestFlow = ({
  accountLabel,
  kind,
  check,
  request,
  codeApi,
  autoStartWith,
  initialAccount,
  links,
  screen,
}: CodeRequestFlowProps) => {
  const { t } = useTranslation();
  const flow = useCodeRequestFlow({ check, request, initialAccount, screen });
  const goTo = useGoTo();
  const [mailbox] = useState(devMailboxPath);
  const started = useRef(false);
  const { submit } = flow;

  useEffect(() => {
    if (autoStartWith === undefined || started.current) return;
    started.current = true;
    submit(autoStartWith);
  }, [autoStartWith, submit]);

  return (
    <div className="flex flex-col gap-6" data-step={flow.step}>
      {flow.sent ? (
        <div className="flex flex-col gap-5">
          <div className="flex flex-col gap-2">
            <AccountSummary account={flow.sent.account.display} onBack={flow.back} />
            <p className="text-sm text-slate-600">{t('code.sent')}</p>
            {mailbox && (
              <p data-testid="dev-mailbox-hint" className="text-sm text-slate-600">
                {t('code.devMailbox')}{' '}
                <a
                  href={
                    flow.sent.account.kind === 'email'
                      ? `${mailbox}?${new URLSearchParams({ to: flow.sent.account.display })}`
                      : mailbox
                  }
                  target="_blank"
                  rel="noopener"
                  className="font-medium text-accent-700 underline underline-offset-2"
                >
                  {t('code.devMailboxLink')}
                </a>
              </p>
            )}
          </div>
          <CodeStep
            key={flow.sent.flowId}
            flowId={flow.sent.flowId}
            resendAfter={flow.sent.resendAfter}
            api={codeApi}
            onVerified={(answer) => {
              flow.forget();
              goTo(answer.location);
            }}
            onRestart={flow.back}
            onResent={flow.resent}
          />
        </div>
      ) : (
        <>
          <AccountForm
            label={accountLabel}
            submitLabel={t('next')}
            kind={kind}
            field={flow.account}
            fieldRef={flow.fieldRef}
            busy={flow.step === REQUESTING_CODE_STEP}
            onSubmit={flow.submit}
          />
          {links}
        </>
      )}
      <ProblemBanner problem={flow.problem} onDismiss={flow.dismiss} />
    </div>
  );
};
