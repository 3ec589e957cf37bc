import { ScreenFrame } from '../../components/ScreenFrame';
import type { ScreenProps } from '../types';

/** Spec §2 Switching option2: link an account to a parent account (account, then password). */
const SwitchingOption2Screen = ({ platform = 'psl' }: ScreenProps) => (
  <ScreenFrame
    screen="switching_option2"
    platform={platform}
    title="Link account"
    description="Link this account to a parent account."
  />
);

export default SwitchingOption2Screen;
