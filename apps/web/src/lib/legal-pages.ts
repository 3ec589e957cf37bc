import { labels, type RouteId, routePath } from '@hub/core';

export type LegalRouteId = Extract<RouteId, 'terms' | 'privacy' | 'cookies'>;

/**
 * Spec §2: the three public legal pages, in the order the footer and the legal tabs show them.
 * `label` is the English name; screens show `t(labelKey)`, the name in the reader's language.
 */
export const legalPages: ReadonlyArray<{
  id: LegalRouteId;
  label: string;
  labelKey: 'termsPage' | 'privacyPage' | 'cookiePage';
  path: string;
}> = [
  { id: 'terms', label: labels.termsPage, labelKey: 'termsPage', path: routePath('terms') },
  { id: 'privacy', label: labels.privacyPage, labelKey: 'privacyPage', path: routePath('privacy') },
  { id: 'cookies', label: labels.cookiePage, labelKey: 'cookiePage', path: routePath('cookies') },
];

export const isLegalRoute = (id: string): id is LegalRouteId => legalPages.some((page) => page.id === id);
