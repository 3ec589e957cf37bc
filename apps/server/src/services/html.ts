// What every HTML page the server writes shares (the hub's pages, the mails, the dev mailbox, the
// demo sites). It sits below http/ and mail/ so neither has to import the other for it.

/** The hub's icon, built from apps/web/public; the server's own HTML pages link it too. */
export const FAVICON_PATH = '/favicon.svg';

/** HTML-escapes text for an element or a double-quoted attribute (pages, mails, the demo sites). */
export const escapeHtml = (value: string): string =>
  value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
