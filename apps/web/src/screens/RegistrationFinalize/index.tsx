import { PasswordSetupScreen } from '../../components/auth/PasswordSetupScreen';
import type { ScreenProps } from '../types';

/** Spec §2, §4 Sign-up finalize: the password is set (also under /ubr/{entry}). */
const RegistrationFinalizeScreen = ({ platform = 'psl', entry }: ScreenProps) => (
  <PasswordSetupScreen screen="registration_finalize" platform={platform} entry={entry} />
);

export default RegistrationFinalizeScreen;
