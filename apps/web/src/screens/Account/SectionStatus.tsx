import './texts';
import { type ApiError, apiErrorText } from '@hub/core';
import { useTranslation } from 'react-i18next';
import { ProblemBanner } from '../../components/auth/ProblemBanner';
import { Spinner } from '../../components/Spinner';

/**
 * The account center's shared loading and failed states: a spinner while a page's data is on its
 * way; on a failure the reason in the error banner with 'Try again', and the same words in place.
 */
export const SectionStatus = ({ error, retry }: { error?: ApiError | undefined; retry: () => void }) => {
  const { t } = useTranslation('account');
  return error ? (
    <div data-section-status="failed" className="py-6 text-center text-sm text-slate-600">
      <p>{t('account.loadFailed')}</p>
      <ProblemBanner problem={{ message: apiErrorText(error), tryAgain: retry }} />
    </div>
  ) : (
    <div data-section-status="loading" className="flex justify-center py-8">
      <Spinner label={t('loading')} size="lg" />
    </div>
  );
};
