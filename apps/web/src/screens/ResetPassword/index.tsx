import { labels, routePath } from '@hub/core';
import { ScreenFrame } from '../../components/ScreenFrame';
import { ScreenLinks } from '../../components/ScreenLinks';
import { TextLink } from '../../components/TextLink';
import type { ScreenProps } from '../types';

/** Spec §2, §4 Reset password: account, code, then the new password on the finalize screen. */
const ResetPasswordScreen = ({ platform = 'psl' }: ScreenProps) => (
  <ScreenFrame
    screen="reset_password"
    platform={platform}
    title={labels.resetPassword}
    description="Enter your account and we will send you a verification code."
  >
    <ScreenLinks>
      <span>
        Remembered it? <TextLink to={routePath('login', { platform })}>Log in</TextLink>
      </span>
    </ScreenLinks>
  </ScreenFrame>
);

export default ResetPasswordScreen;
