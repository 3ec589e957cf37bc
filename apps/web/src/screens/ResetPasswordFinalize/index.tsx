import { labels } from '@hub/core';
import { ScreenFrame } from '../../components/ScreenFrame';
import type { ScreenProps } from '../types';

/** Spec §2 password screens: the 'Reset password' variant sets the new password after the code step. */
const ResetPasswordFinalizeScreen = ({ platform = 'psl' }: ScreenProps) => (
  <ScreenFrame
    screen="reset_password_finalize"
    platform={platform}
    title={labels.resetPassword}
    description="Choose a new password for your account."
  />
);

export default ResetPasswordFinalizeScreen;
