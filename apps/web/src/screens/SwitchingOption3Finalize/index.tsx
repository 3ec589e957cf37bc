import { labels } from '@hub/core';
import { ScreenFrame } from '../../components/ScreenFrame';
import type { ScreenProps } from '../types';

/** Spec §2 Switching option3 finalize: sets the password of the switched account. */
const SwitchingOption3FinalizeScreen = ({ platform = 'psl' }: ScreenProps) => (
  <ScreenFrame
    screen="switching_option3_finalize"
    platform={platform}
    title={labels.setUpPassword}
    description="Choose a password to finish switching your account."
  />
);

export default SwitchingOption3FinalizeScreen;
