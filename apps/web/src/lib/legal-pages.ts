import { labels, type RouteId, routePath } from '@hub/core';

export type LegalRouteId = Extract<RouteId, 'terms' | 'privacy' | 'cookies'>;

/** Spec §2: the three public legal pages, in the order the footer and the legal tabs show them. */
export const legalPages: ReadonlyArray<{ id: LegalRouteId; label: string; path: string }> = [
  { id: 'terms', label: labels.termsPage, path: routePath('terms') },
  { id: 'privacy', label: labels.privacyPage, path: routePath('privacy') },
  { id: 'cookies', label: labels.cookiePage, path: routePath('cookies') },
];

export const isLegalRoute = (id: string): id is LegalRouteId => legalPages.some((page) => page.id === id);
