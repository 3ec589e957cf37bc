import type { ReactNode } from 'react';
import type { LegalRouteId } from '../../lib/legal-pages';
import { Cookies } from './Cookies';
import { Privacy } from './Privacy';
import { Terms } from './Terms';

/** Spec §1, §2: the document of each legal page. */
export const legalDocuments: Record<LegalRouteId, () => ReactNode> = {
  terms: Terms,
  privacy: Privacy,
  cookies: Cookies,
};
