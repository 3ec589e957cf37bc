import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Logo } from '../Logo';
import { SsoErrorIllustration } from './SsoErrorIllustration';

interface SsoErrorPageProps {
  /** The server's message, e.g. 'AUTHORIZATION_ERROR: TSA key does not exist.' */
  message: string;
  /** Set when another attempt can help (no answer from the server): 'Try again'. */
  onRetry?: (() => void) | undefined;
}

/**
 * Spec §2 SSO handler failure: an illustration, 'SHEEESSHH!', 'Well, this is unexpected. . .',
 * the explanation and 'Error code: ' with the message. When the request itself failed (never
 * silent: docs/security.md "Failures are never silent") the explanation is that failure, with 'Try again', since blaming the
 * tool's authorization would be wrong.
 */
export const SsoErrorPage = ({ message, onRetry }: SsoErrorPageProps) => {
  const { t } = useTranslation();
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <div
      data-testid="sso-error"
      className="flex w-full max-w-lg flex-col items-center py-10 text-center tablet:py-16"
    >
      <Logo size={32} withWordmark />
      <SsoErrorIllustration className="mt-8 w-56 tablet:w-64" />
      <h1
        ref={headingRef}
        tabIndex={-1}
        className="mt-6 text-3xl font-extrabold tracking-tight text-slate-900 outline-none tablet:text-4xl"
      >
        {t('ssoErrorTitle')}
      </h1>
      <p className="mt-2 text-lg font-medium text-slate-700">{t('ssoErrorSubtitle')}</p>
      {onRetry ? (
        <>
          <p role="alert" className="mt-4 text-sm leading-6 text-slate-600">
            {message}
          </p>
          <button
            type="button"
            onClick={onRetry}
            className="mt-6 rounded-lg bg-primary-700 px-5 py-2.5 text-sm font-semibold text-white shadow-sm transition-colors hover:bg-primary-800"
          >
            {t('tryAgain')}
          </button>
        </>
      ) : (
        <>
          <p className="mt-4 text-sm leading-6 text-slate-600">{t('ssoErrorBody')}</p>
          <p className="mt-5 max-w-full rounded-lg bg-white px-4 py-2.5 text-sm text-slate-700 ring-1 ring-slate-900/10 ring-inset">
            {t('ssoErrorCodePrefix')}
            <code
              data-testid="sso-error-code"
              className="font-mono text-[0.8125rem] break-words text-red-700"
            >
              {message}
            </code>
          </p>
        </>
      )}
    </div>
  );
};
