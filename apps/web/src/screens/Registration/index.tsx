import { routePath } from '@hub/core';
import { ScreenFrame } from '../../components/ScreenFrame';
import { ScreenLinks } from '../../components/ScreenLinks';
import { TextLink } from '../../components/TextLink';
import type { ScreenProps } from '../types';

/** Spec §2 Sign-up: account, then a 6-digit code, then the finalize screen. Also under /ubr/{entry}. */
const RegistrationScreen = ({ platform = 'psl', entry }: ScreenProps) => (
  <ScreenFrame
    screen="registration"
    platform={platform}
    title="Sign up"
    description="Create one account for Personal , Business and more. We will email you a 6-digit code."
  >
    <div data-entry={entry}>
      <ScreenLinks>
        <span>
          Already have an account? <TextLink to={routePath('login', { platform })}>Log in</TextLink>
        </span>
      </ScreenLinks>
    </div>
  </ScreenFrame>
);

export default RegistrationScreen;
