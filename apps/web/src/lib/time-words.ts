/** A date and time in the person's own locale and time zone ("21 Nov 2026, 8:04 PM"). */
export const dateTimeWords = (at: number, locale?: string) =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(at);

/** A day in the person's own locale ("21 Nov 2026"): when a membership or a link began. */
export const dateWords = (at: number, locale?: string) =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(at);
