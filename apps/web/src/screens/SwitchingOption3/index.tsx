import { ScreenFrame } from '../../components/ScreenFrame';
import type { ScreenProps } from '../types';

/** Spec §2 Switching option3: the spec names the route only; here the user picks a default platform. */
const SwitchingOption3Screen = ({ platform = 'psl' }: ScreenProps) => (
  <ScreenFrame
    screen="switching_option3"
    platform={platform}
    title="Choose default platform"
    description="Choose the platform you want to open first when you log in."
  />
);

export default SwitchingOption3Screen;
