import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ScreenFrame } from '../../components/ScreenFrame';
import { DefaultPlatformForm } from '../../components/switching/DefaultPlatformForm';
import { SignedInAs } from '../../components/switching/SignedInAs';
import { SignedInFallback } from '../../components/switching/SignedInFallback';
import { type ContextKey, useFlowContext } from '../../hooks/use-flow-context';
import { useSignedInAccount } from '../../hooks/use-signed-in-account';
import type { ScreenProps } from '../types';

const contextKeys: readonly ContextKey[] = ['from', 'subcb', 'sainfo'];

/**
 * Spec §2 Switching option3 (the spec names the route only): the signed-in account picks which of
 * its platforms is its default, the one it lands on; the finalize screen confirms it by password.
 */
const SwitchingOption3Screen = ({ platform = 'psl' }: ScreenProps) => {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const context = useFlowContext(contextKeys);
  const { state, retry } = useSignedInAccount();

  const frame = { screen: 'switching_option3', platform, title: t('switching3.title') } as const;

  if (state.kind !== 'ready')
    return <SignedInFallback {...frame} state={state} retry={retry} from={params.get('from')} />;
  return (
    <ScreenFrame {...frame} description={t('switching3.description')}>
      <SignedInAs account={state.account.account.display} />
      <DefaultPlatformForm account={state.account} context={context} />
    </ScreenFrame>
  );
};

export default SwitchingOption3Screen;
