import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { challengeSolving } from '../../lib/challenge-status';
import { Spinner } from '../Spinner';

/**
 * 'Checking your browser…' while a sign-in step solves its proof-of-work challenge in the
 * background (lib/sign-in-challenge.ts). The live region is always there, so screen readers
 * announce the text when it appears; it is empty (and takes no room) otherwise.
 */
export const ChallengeStatus = () => {
  const { t } = useTranslation();
  const solving = useSyncExternalStore(challengeSolving.subscribe, challengeSolving.current, () => false);
  return (
    <p
      role="status"
      aria-live="polite"
      data-testid="challenge-status"
      className={solving ? 'mt-4 flex items-center gap-2 text-sm text-slate-600' : 'sr-only'}
    >
      {solving && (
        <>
          <Spinner size="sm" />
          {t('login.checkingBrowser')}
        </>
      )}
    </p>
  );
};
