import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '../../components/Card';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { documentTitle } from '../../lib/brand';
import { isLegalRoute, legalPages } from '../../lib/legal-pages';
import type { ScreenProps } from '../types';
import { legalDocuments, legalDocumentsFil } from './documents';
import { GoverningNote } from './parts';

/**
 * Spec §2: Terms and Conditions, Data Policy and Cookies Policy; one chunk for the three. The privacy
 * page's sharing metadata is in the HTML the server sends (apps/server/src/http/page-meta.ts), where
 * link previews, which run no JavaScript, can read it.
 */
const LegalScreen = ({ routeId }: ScreenProps) => {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const page = legalPages.find((candidate) => candidate.id === routeId) ?? legalPages[0]!;
  const documents = i18n.resolvedLanguage === 'fil' ? legalDocumentsFil : legalDocuments;
  const Document = isLegalRoute(routeId) ? documents[routeId] : documents.terms;
  const title = t(page.labelKey);
  useDocumentTitle(documentTitle(title));
  return (
    <section data-screen={page.id} aria-labelledby={headingId} className="flex w-full justify-center">
      <Card width="wide">
        <article>
          <h1 id={headingId} className="text-2xl font-semibold tracking-tight text-slate-900 tablet:text-3xl">
            {title}
          </h1>
          {documents !== legalDocuments && <GoverningNote />}
          <Document />
        </article>
      </Card>
    </section>
  );
};

export default LegalScreen;
