import { DEFAULT_LANGUAGE, isLanguage } from '@hub/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '../../components/Card';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { documentTitle } from '../../lib/brand';
import { isLegalRoute, legalPages } from '../../lib/legal-pages';
import type { ScreenProps } from '../types';
import { legalDocuments } from './documents';
import { GoverningNote } from './parts';
import { legalWords } from './words';

/**
 * Spec §2: Terms and Conditions, Data Policy and Cookies Policy; one chunk for the three. The privacy
 * page's sharing metadata is in the HTML the server sends (apps/server/src/http/page-meta.ts), where
 * link previews, which run no JavaScript, can read it.
 */
const LegalScreen = ({ routeId }: ScreenProps) => {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const page = legalPages.find((candidate) => candidate.id === routeId) ?? legalPages[0]!;
  const language = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : DEFAULT_LANGUAGE;
  const Document = isLegalRoute(routeId) ? legalDocuments[routeId] : legalDocuments.terms;
  const title = t(page.labelKey);
  useDocumentTitle(documentTitle(title));
  return (
    <section data-screen={page.id} aria-labelledby={headingId} className="flex w-full justify-center">
      <Card width="wide">
        <article>
          <h1 id={headingId} className="text-2xl font-semibold tracking-tight text-slate-900 tablet:text-3xl">
            {title}
          </h1>
          {language !== DEFAULT_LANGUAGE && <GoverningNote />}
          <Document words={legalWords[language]} />
        </article>
      </Card>
    </section>
  );
};

export default LegalScreen;
