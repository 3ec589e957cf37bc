import { checkAccountInput, decodeSainfo, routePath } from '@hub/core';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { requestResetCode, resetCodeApi } from '../../api/auth';
import { CodeRequestFlow } from '../../components/auth/CodeRequestFlow';
import { CodeStep } from '../../components/auth/CodeStep';
import { withFrom, withSignInContext } from '../../components/auth/hrefs';
import { ScreenFrame } from '../../components/ScreenFrame';
import { ScreenLinks } from '../../components/ScreenLinks';
import { TextLink } from '../../components/TextLink';
import { type ContextKey, useFlowContext } from '../../hooks/use-flow-context';
import { useGoTo } from '../../hooks/use-go-to';
import type { ScreenProps } from '../types';

/**
 * The spec lists no query for this screen; we pass what the login keeps (from, subcb, sainfo, and
 * the OpenID Connect interaction `oidc`, which the reset hands back to the login it returns to).
 */
const resetContextKeys: readonly ContextKey[] = ['from', 'subcb', 'sainfo', 'oidc'];

/** A flow id as the server makes them (the `reset` of a link an operator's mail carries). */
const FLOW_ID = /^[A-Za-z0-9_-]{8,128}$/;

/**
 * The code step of a reset an operator started (docs/console.md "Sending a password-reset code"):
 * the mail's link names the flow; the code from the same mail moves it on to the finalize screen.
 */
const SentCodeStep = ({ flowId, onRestart }: { flowId: string; onRestart: () => void }) => {
  const { t } = useTranslation();
  const goTo = useGoTo();
  return (
    <div className="flex flex-col gap-5" data-step="support-code">
      <p className="text-sm text-slate-600">{t('reset.fromSupport')}</p>
      <CodeStep
        flowId={flowId}
        resendAfter={0}
        api={resetCodeApi}
        onVerified={(answer) => goTo(answer.location)}
        onRestart={onRestart}
      />
    </div>
  );
};

/** Spec §2, §4 Reset password: account, code, then the new password on the finalize screen. */
const ResetPasswordScreen = ({ platform = 'psl' }: ScreenProps) => {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const from = params.get('from');
  const oidc = params.get('oidc');
  const sainfo = params.get('sainfo');
  const sentFlow = params.get('reset');
  const navigate = useNavigate();
  const context = useFlowContext(resetContextKeys);
  // Spec §3, §4: sainfo.rrf names the flow to return to after the reset; the server decides by it.
  const rrf = useMemo(() => {
    const decoded = decodeSainfo(sainfo);
    return decoded.ok ? decoded.value.rrf : undefined;
  }, [sainfo]);
  // From the tool login, "Log in" goes back to the tool login, as the reset itself does.
  const backToLogin =
    rrf === 'tool_login'
      ? withFrom(routePath('tool_login', { platform }), from)
      : withSignInContext(routePath('login', { platform }), { from, oidc });
  const request = useCallback(
    (account: string) =>
      requestResetCode({ platform, account, ...(rrf ? { rrf } : {}), ...(context ? { context } : {}) }),
    [platform, rrf, context],
  );
  return (
    <ScreenFrame
      screen="reset_password"
      platform={platform}
      title={t('resetPassword')}
      description={t('reset.description')}
    >
      {sentFlow && FLOW_ID.test(sentFlow) ? (
        <SentCodeStep
          flowId={sentFlow}
          onRestart={() => navigate(routePath('reset_password', { platform }), { replace: true })}
        />
      ) : (
        <CodeRequestFlow
          accountLabel={t('reset.account')}
          kind="username"
          check={checkAccountInput}
          request={request}
          codeApi={resetCodeApi}
          screen="reset"
          links={
            <ScreenLinks>
              <span>
                {t('reset.remembered')} <TextLink to={backToLogin}>{t('logIn')}</TextLink>
              </span>
            </ScreenLinks>
          }
        />
      )}
    </ScreenFrame>
  );
};

export default ResetPasswordScreen;
