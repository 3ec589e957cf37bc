import { type Language, type RouteId, routePath } from '@hub/core';
import { commonText } from '../i18n.js';
import { DEFAULT_PRODUCT_NAME } from '../mail/templates.js';
import { escapeHtml } from '../services/html.js';

export { escapeHtml };

/** What a link preview shows for a page: the browser tab's title, a description and an image. */
export interface PageMeta {
  title: string;
  description: string;
}

/** The sharing image, a file of the web app (apps/web/public): 1200 × 630, as link previews want it. */
export const SHARE_IMAGE_PATH = '/og-image.jpg';

/** `Data Policy · Account Hub`, the same title the web app gives the tab once it runs. */
const titled = (page?: string) => (page ? `${page} · ${DEFAULT_PRODUCT_NAME}` : DEFAULT_PRODUCT_NAME);

/**
 * The pages that someone shares (spec §2: the privacy page sets social-sharing title, description,
 * image and url; the landing and the other legal pages get the same so their previews read well),
 * in each language (issue #18): the catalogue's texts, English by default.
 */
const pageMeta = (route: RouteId, language: Language): PageMeta | undefined => {
  const t = commonText(language);
  const product = DEFAULT_PRODUCT_NAME;
  switch (route) {
    case 'landing':
      return { title: titled(), description: t('tagline') };
    case 'terms':
      return { title: titled(t('termsPage')), description: t('meta.terms', { product }) };
    case 'privacy':
      return { title: titled(t('privacyPage')), description: t('meta.privacy', { product }) };
    case 'cookies':
      return { title: titled(t('cookiePage')), description: t('meta.cookies', { product }) };
    default:
      return undefined;
  }
};

const pages: readonly RouteId[] = ['landing', 'terms', 'privacy', 'cookies'];

/** The metadata of a page path, or undefined for a path that gets the index as built. */
export const pageMetaFor = (path: string, language: Language = 'en'): PageMeta | undefined => {
  const route = pages.find((page) => routePath(page) === path);
  return route ? pageMeta(route, language) : undefined;
};

const metaTags = (meta: PageMeta, url: string, image: string): string =>
  [
    `<title>${escapeHtml(meta.title)}</title>`,
    `<meta name="description" content="${escapeHtml(meta.description)}" />`,
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="${escapeHtml(DEFAULT_PRODUCT_NAME)}" />`,
    `<meta property="og:title" content="${escapeHtml(meta.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(meta.description)}" />`,
    `<meta property="og:image" content="${escapeHtml(image)}" />`,
    `<meta property="og:url" content="${escapeHtml(url)}" />`,
    `<meta name="twitter:card" content="summary_large_image" />`,
  ].join('\n    ');

/**
 * Spec §2: the page's title, description and social-sharing metadata in the HTML the server sends,
 * so link previews (which do not run JavaScript) see them. The built index's own `<title>` and
 * description are replaced; every value is HTML-escaped. Paths without metadata get the index unchanged.
 */
export const withPageMeta = (
  indexHtml: string,
  path: string,
  publicUrl: string,
  language: Language = 'en',
): string => {
  const meta = pageMetaFor(path, language);
  const head = indexHtml.indexOf('</head>');
  if (!meta || head === -1) return indexHtml;
  const url = new URL(path, publicUrl).href;
  const image = new URL(SHARE_IMAGE_PATH, publicUrl).href;
  const before = indexHtml
    .slice(0, head)
    .replace(/\s*<title>[\s\S]*?<\/title>/i, '')
    .replace(/\s*<meta\s+name="description"[^>]*>/i, '')
    .trimEnd();
  return `${before}\n    ${metaTags(meta, url, image)}\n  ${indexHtml.slice(head)}`;
};

/**
 * Issue #18: the index in a language: `<html lang>` says it (so the first paint is right), and
 * `data-lng` tells the web app which language the server chose from the request (http/language.ts).
 */
export const withLanguage = (indexHtml: string, language: Language): string =>
  indexHtml
    .replace(/<html\b[^>]*>/i, `<html lang="${language}" data-lng="${language}">`)
    .replace(
      /<noscript>[^<]*<\/noscript>/i,
      `<noscript>${escapeHtml(commonText(language)('noscript', { product: DEFAULT_PRODUCT_NAME }))}</noscript>`,
    );

/** The index for every page path with metadata, computed once at start-up (the index does not change). */
export const pageIndexes = (
  indexHtml: string,
  publicUrl: string,
  language: Language = 'en',
): ReadonlyMap<string, string> =>
  new Map(
    pages.map((route) => {
      const path = routePath(route);
      return [path, withPageMeta(indexHtml, path, publicUrl, language)];
    }),
  );
