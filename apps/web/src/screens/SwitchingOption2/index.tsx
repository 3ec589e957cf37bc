import { decodeSainfo } from '@hub/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { AccountPasswordApi } from '../../api/auth';
import { linkingApi } from '../../api/switching';
import { ScreenFrame } from '../../components/ScreenFrame';
import { AccountLinkFlow } from '../../components/switching/AccountLinkFlow';
import { resetPasswordHref } from '../../components/switching/hrefs';
import { SignedInAs } from '../../components/switching/SignedInAs';
import { SignedInFallback } from '../../components/switching/SignedInFallback';
import { TextLink } from '../../components/TextLink';
import { type ContextKey, useFlowContext } from '../../hooks/use-flow-context';
import { useSignedInAccount } from '../../hooks/use-signed-in-account';
import type { ScreenProps } from '../types';

const linkingContextKeys: readonly ContextKey[] = ['from', 'subcb', 'sainfo'];

/**
 * Spec §2, §4, §6 Switching option2: the signed-in account is linked under a parent account (a
 * business owner): step 1 the parent account, step 2 the parent's password, which is the parent's
 * consent. Then 'Account successfully linked' and the exit. Needs a hub session.
 */
const SwitchingOption2Screen = ({ platform = 'psl' }: ScreenProps) => {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const from = params.get('from');
  const rawSainfo = params.get('sainfo');
  const sainfo = useMemo(() => decodeSainfo(rawSainfo), [rawSainfo]);
  const context = useFlowContext(linkingContextKeys);
  const { state, retry, noticeSignedOut } = useSignedInAccount();
  // A session that ends meanwhile turns the screen to 'Please sign in to continue.'.
  const api = useMemo((): AccountPasswordApi => {
    const linking = linkingApi(platform, context);
    return {
      identify: (account) => linking.identify(account).then(noticeSignedOut),
      checkPassword: (flowId, password) => linking.checkPassword(flowId, password).then(noticeSignedOut),
    };
  }, [platform, context, noticeSignedOut]);

  const frame = { screen: 'switching_option2', platform, title: t('switching2.title') } as const;

  if (state.kind !== 'ready') return <SignedInFallback {...frame} state={state} retry={retry} from={from} />;
  return (
    <ScreenFrame {...frame} description={t('switching2.description')}>
      <SignedInAs account={state.account.account.display} />
      <AccountLinkFlow
        api={api}
        accountLabel={t('switching2.account')}
        screen="linking"
        links={
          <TextLink
            to={resetPasswordHref(platform, 'switching2', sainfo.ok ? sainfo.value : undefined, from)}
          >
            {t('switching.forgotPassword')}
          </TextLink>
        }
      />
    </ScreenFrame>
  );
};

export default SwitchingOption2Screen;
