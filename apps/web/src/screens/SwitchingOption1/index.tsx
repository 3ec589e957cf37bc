import { otherPlatform, platformProductNames } from '@hub/core';
import { ScreenFrame } from '../../components/ScreenFrame';
import type { ScreenProps } from '../types';

/** Spec §2 Switching option1: link or switch to the account on the other platform. */
const SwitchingOption1Screen = ({ platform = 'psl' }: ScreenProps) => (
  <ScreenFrame
    screen="switching_option1"
    platform={platform}
    title="Switch account"
    description={`Link or switch to your account on ${platformProductNames[otherPlatform(platform)]}.`}
  />
);

export default SwitchingOption1Screen;
