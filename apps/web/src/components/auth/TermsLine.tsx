import { type RouteId, routePath } from '@hub/core';
import type { ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';

/** One of the three legal names in the line, opening its page in a new tab. */
const LegalLink = ({
  page,
  children,
}: {
  page: Extract<RouteId, 'terms' | 'privacy' | 'cookies'>;
  children?: ReactNode;
}) => {
  const { t } = useTranslation();
  return (
    <a
      href={routePath(page)}
      target="_blank"
      rel="noopener noreferrer"
      className="rounded font-medium text-accent-700 underline underline-offset-2 hover:text-accent-800"
    >
      {children}
      <span className="sr-only">{t('opensInNewTab')}</span>
    </a>
  );
};

/**
 * Spec §2 password screens: 'By clicking submit, you agree with our Terms and conditions, Data
 * privacy policy and Cookie policy'; the three names open the legal pages in a new tab. The
 * catalogue marks them `<terms>…</terms>`, so each language orders the sentence its own way.
 */
export const TermsLine = () => (
  <p className="text-xs leading-5 text-slate-600">
    <Trans
      i18nKey="termsLine"
      components={{
        terms: <LegalLink page="terms" />,
        privacy: <LegalLink page="privacy" />,
        cookies: <LegalLink page="cookies" />,
      }}
    />
  </p>
);
