import { checkAccountInput, decodeSainfo, labels, loginHref, routePath } from '@hub/core';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { requestResetCode, resetCodeApi } from '../../api/auth';
import { CodeRequestFlow } from '../../components/auth/CodeRequestFlow';
import { withFrom } from '../../components/auth/hrefs';
import { ScreenFrame } from '../../components/ScreenFrame';
import { ScreenLinks } from '../../components/ScreenLinks';
import { TextLink } from '../../components/TextLink';
import { type ContextKey, useFlowContext } from '../../hooks/use-flow-context';
import type { ScreenProps } from '../types';

/** The spec lists no query for this screen; we pass what the login keeps (from, subcb, sainfo). */
const resetContextKeys: readonly ContextKey[] = ['from', 'subcb', 'sainfo'];

/** Spec §2, §4 Reset password: account, code, then the new password on the finalize screen. */
const ResetPasswordScreen = ({ platform = 'psl' }: ScreenProps) => {
  const [params] = useSearchParams();
  const from = params.get('from');
  const sainfo = params.get('sainfo');
  const context = useFlowContext(resetContextKeys);
  // Spec §3, §4: sainfo.rrf names the flow to return to after the reset; the server decides by it.
  const rrf = useMemo(() => {
    const decoded = decodeSainfo(sainfo);
    return decoded.ok ? decoded.value.rrf : undefined;
  }, [sainfo]);
  // From the tool login, "Log in" goes back to the tool login, as the reset itself does.
  const backToLogin =
    rrf === 'tool_login' ? withFrom(routePath('tool_login', { platform }), from) : loginHref(platform, from);
  const request = useCallback(
    (account: string) =>
      requestResetCode({ platform, account, ...(rrf ? { rrf } : {}), ...(context ? { context } : {}) }),
    [platform, rrf, context],
  );
  return (
    <ScreenFrame
      screen="reset_password"
      platform={platform}
      title={labels.resetPassword}
      description="Enter your account and we will send you a verification code."
    >
      <CodeRequestFlow
        accountLabel="Email, mobile number or username"
        kind="username"
        check={checkAccountInput}
        request={request}
        codeApi={resetCodeApi}
        screen="reset"
        links={
          <ScreenLinks>
            <span>
              Remembered it? <TextLink to={backToLogin}>Log in</TextLink>
            </span>
          </ScreenLinks>
        }
      />
    </ScreenFrame>
  );
};

export default ResetPasswordScreen;
