import { apiErrorText, type Platform } from '@hub/core';
import type { SignedInState } from '../../hooks/use-signed-in-account';
import type { ScreenId } from '../../screens/screen-id';
import { CentredLoader } from '../auth/CentredLoader';
import { ProblemBanner } from '../auth/ProblemBanner';
import { SignInRequired } from './SignInRequired';

interface SignedInFallbackProps {
  /** Every state of useSignedInAccount but 'ready'. */
  state: Exclude<SignedInState, { kind: 'ready' }>;
  retry: () => void;
  screen: ScreenId;
  platform: Platform;
  title: string;
  from: string | null;
}

/**
 * Option2 and option3 until the signed-in account is known: the loader; without a hub session the
 * way to sign in; for any other failure the problem with 'Try again'.
 */
export const SignedInFallback = ({ state, retry, from, ...frame }: SignedInFallbackProps) => {
  if (state.kind === 'loading') return <CentredLoader {...frame} />;
  if (state.kind === 'signed_out') return <SignInRequired {...frame} from={from} />;
  return (
    <CentredLoader {...frame} busy={false}>
      <ProblemBanner problem={{ message: apiErrorText(state.error), tryAgain: retry }} />
    </CentredLoader>
  );
};
