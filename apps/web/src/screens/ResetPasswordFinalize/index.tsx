import { PasswordSetupScreen } from '../../components/auth/PasswordSetupScreen';
import type { ScreenProps } from '../types';

/** Spec §2 password screens: the 'Reset password' variant sets the new password after the code step. */
const ResetPasswordFinalizeScreen = ({ platform = 'psl' }: ScreenProps) => (
  <PasswordSetupScreen screen="reset_password_finalize" platform={platform} />
);

export default ResetPasswordFinalizeScreen;
