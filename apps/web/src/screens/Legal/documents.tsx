import type { ReactNode } from 'react';
import type { LegalRouteId } from '../../lib/legal-pages';
import { Cookies } from './Cookies';
import { CookiesFil, PrivacyFil, TermsFil } from './fil';
import { Privacy } from './Privacy';
import { Terms } from './Terms';

/** Spec §1, §2: the document of each legal page. */
export const legalDocuments: Record<LegalRouteId, () => ReactNode> = {
  terms: Terms,
  privacy: Privacy,
  cookies: Cookies,
};

/** Issue #18: the same documents in Filipino (the page notes that the English version governs). */
export const legalDocumentsFil: Record<LegalRouteId, () => ReactNode> = {
  terms: TermsFil,
  privacy: PrivacyFil,
  cookies: CookiesFil,
};
