import { useTranslation } from 'react-i18next';
import { Logo } from '../../components/Logo';
import { Spinner } from '../../components/Spinner';
import { SsoErrorPage } from '../../components/sso/SsoErrorPage';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { useSsoRedirect } from '../../hooks/use-sso-redirect';
import { documentTitle } from '../../lib/brand';

/**
 * Spec §2, §4 SSO handler (/sso/rqx, rendered without the normal app): the server decides where a
 * partner tool's request goes; meanwhile only a logo and the loading animation show. A refusal
 * shows the spec's error page.
 */
const SsoRqxScreen = () => {
  const { t } = useTranslation();
  const waitingTitle = t('sso.waiting');
  const state = useSsoRedirect();
  const failed = state.status === 'failed';
  useDocumentTitle(documentTitle(failed ? t('ssoErrorTitle') : waitingTitle));
  return (
    <div data-screen="sso_rqx" data-status={state.status} className="flex w-full flex-col items-center">
      {failed ? (
        <SsoErrorPage message={state.message} onRetry={state.retry} />
      ) : (
        <div className="flex flex-col items-center gap-6">
          <h1 className="sr-only">{waitingTitle}</h1>
          <Logo size={64} />
          <Spinner label={waitingTitle} size="lg" />
        </div>
      )}
    </div>
  );
};

export default SsoRqxScreen;
