import { errorMessage, loginHref, type Platform } from '@hub/core';
import { useTranslation } from 'react-i18next';
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
export const SignInRequired = ({ screen, platform, title, from }: SignInRequiredProps) => {
  const { t } = useTranslation();
  return (
    <ScreenFrame screen={screen} platform={platform} title={title} description={t('switching.signInFirst')}>
      <FinalizeNotice
        message={errorMessage('session.required')}
        actionLabel={t('logIn')}
        actionHref={loginHref(platform, from)}
      />
    </ScreenFrame>
  );
};
