import { useSearchParams } from 'react-router';
import { CentredLoader } from '../../components/auth/CentredLoader';
import { ProblemBanner } from '../../components/auth/ProblemBanner';
import { ScreenFrame } from '../../components/ScreenFrame';
import { DefaultPlatformForm } from '../../components/switching/DefaultPlatformForm';
import { SignedInAs } from '../../components/switching/SignedInAs';
import { SignInRequired } from '../../components/switching/SignInRequired';
import { type ContextKey, useFlowContext } from '../../hooks/use-flow-context';
import { useSignedInAccount } from '../../hooks/use-signed-in-account';
import type { ScreenProps } from '../types';

const contextKeys: readonly ContextKey[] = ['from', 'subcb', 'sainfo'];

const title = 'Choose your default platform';

/**
 * Spec §2 Switching option3 (the spec names the route only): the signed-in account picks which of
 * its platforms is its default, the one it lands on; the finalize screen confirms it by password.
 */
const SwitchingOption3Screen = ({ platform = 'psl' }: ScreenProps) => {
  const [params] = useSearchParams();
  const context = useFlowContext(contextKeys);
  const { state, retry } = useSignedInAccount();

  if (state.kind === 'loading')
    return <CentredLoader screen="switching_option3" title={title} platform={platform} />;
  if (state.kind === 'signed_out')
    return (
      <SignInRequired
        screen="switching_option3"
        platform={platform}
        title={title}
        from={params.get('from')}
      />
    );
  if (state.kind === 'failed')
    return (
      <CentredLoader screen="switching_option3" title={title} platform={platform} busy={false}>
        <ProblemBanner problem={{ message: state.error.message, tryAgain: retry }} />
      </CentredLoader>
    );
  return (
    <ScreenFrame
      screen="switching_option3"
      platform={platform}
      title={title}
      description="Your default platform is the one you land on when you log in."
    >
      <SignedInAs account={state.account.account.display} />
      <DefaultPlatformForm account={state.account} context={context} />
    </ScreenFrame>
  );
};

export default SwitchingOption3Screen;
