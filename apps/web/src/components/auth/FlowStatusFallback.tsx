import { apiErrorText, errorMessage, type Platform } from '@hub/core';
import type { ReactNode } from 'react';
import type { FlowStatusState } from '../../hooks/use-flow-status';
import { i18next } from '../../i18n';
import type { ScreenId } from '../../screens/screen-id';
import { ScreenFrame } from '../ScreenFrame';
import { CentredLoader } from './CentredLoader';
import { FinalizeNotice } from './FinalizeNotice';
import { ProblemBanner } from './ProblemBanner';

const flowGone = (code: string) => code === 'flow.expired' || code === 'flow.not_found';

interface FlowStatusFallbackProps {
  /** Every state of useFlowStatus but 'ready'. */
  state: Exclude<FlowStatusState, { kind: 'ready' }>;
  retry: () => void;
  /** Where 'Start again' leads when the link carries no flow or the flow is gone. */
  startHref: string;
  screen: ScreenId;
  platform: Platform;
  title: string;
  /** Shown in place of the platform badge on the notice (e.g. a tenant's logo). */
  logo?: ReactNode;
}

/**
 * Spec §4 "Finalize": what a finalize screen shows until its flow's status is read — the loader;
 * for a missing, expired or unknown flow the reason and 'Start again'; for any other failure the
 * problem with 'Try again'.
 */
export const FlowStatusFallback = ({ state, retry, startHref, logo, ...frame }: FlowStatusFallbackProps) => {
  if (state.kind === 'loading') return <CentredLoader {...frame} />;
  if (state.kind === 'missing' || flowGone(state.error.code))
    return (
      <ScreenFrame {...frame} logo={logo}>
        <FinalizeNotice
          message={state.kind === 'missing' ? errorMessage('flow.not_found') : apiErrorText(state.error)}
          actionLabel={i18next.t('startAgain')}
          actionHref={startHref}
        />
      </ScreenFrame>
    );
  return (
    <CentredLoader {...frame} busy={false}>
      <ProblemBanner problem={{ message: apiErrorText(state.error), tryAgain: retry }} />
    </CentredLoader>
  );
};
