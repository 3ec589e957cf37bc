import type { ReactNode } from 'react';
import type { LegalRouteId } from '../../lib/legal-pages';
import { Cookies } from './Cookies';
import { Privacy } from './Privacy';
import type { DocumentProps } from './parts';
import { Terms } from './Terms';

/** Spec §1, §2: the document of each legal page, written once; the words come from the language (words.ts). */
export const legalDocuments: Record<LegalRouteId, (props: DocumentProps) => ReactNode> = {
  terms: Terms,
  privacy: Privacy,
  cookies: Cookies,
};
