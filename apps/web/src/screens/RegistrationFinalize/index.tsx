import { labels } from '@hub/core';
import { ScreenFrame } from '../../components/ScreenFrame';
import type { ScreenProps } from '../types';

/** Spec §2, §4 Sign-up finalize: the password is set (also under /ubr/{entry}). */
const RegistrationFinalizeScreen = ({ platform = 'psl', entry }: ScreenProps) => (
  <ScreenFrame
    screen="registration_finalize"
    platform={platform}
    title={labels.setUpPassword}
    description={<span data-entry={entry}>Choose a password to finish creating your account.</span>}
  />
);

export default RegistrationFinalizeScreen;
