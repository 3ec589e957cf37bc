import { errorMessage, loginHref, type Platform } from '@hub/core';
import type { ScreenId } from '../../screens/screen-id';
import { FinalizeNotice } from '../auth/FinalizeNotice';
import { ScreenFrame } from '../ScreenFrame';

interface SignInRequiredProps {
  screen: ScreenId;
  platform: Platform;
  title: string;
  from: string | null;
}

/** Option2 and option3 work on the signed-in account: without a hub session, the way to sign in. */
export const SignInRequired = ({ screen, platform, title, from }: SignInRequiredProps) => (
  <ScreenFrame
    screen={screen}
    platform={platform}
    title={title}
    description="This works on the account you are signed in with. Log in first, then come back here."
  >
    <FinalizeNotice
      message={errorMessage('session.required')}
      actionLabel="Log in"
      actionHref={loginHref(platform, from)}
    />
  </ScreenFrame>
);
