import { ScreenFrame } from '../../components/ScreenFrame';
import type { ScreenProps } from '../types';

/** Spec §2: verification and registration of an added work account. */
const WorkAccountVerificationScreen = ({ platform = 'biz' }: ScreenProps) => (
  <ScreenFrame
    screen="work_account_verification"
    platform={platform}
    title="Verify work account"
    description="Verify the work account that was added for you, then set it up."
  />
);

export default WorkAccountVerificationScreen;
