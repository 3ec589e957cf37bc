const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** A date and time in the person's own locale and time zone ("21 Nov 2026, 8:04 PM"). */
export const dateTimeWords = (at: number, locale?: string) =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(at);

/** A day in the person's own locale ("21 Nov 2026"): when a membership or a link began. */
export const dateWords = (at: number, locale?: string) =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(at);

/**
 * How long ago, roughly, as the Devices page says it. The hub records a session's last use at most
 * every few minutes, so anything under five minutes is "Active now" rather than a false precision.
 */
export const approximateAgo = (at: number, now: number, locale?: string): string => {
  const ago = Math.max(0, now - at);
  if (ago < 5 * MINUTE) return 'Active now';
  if (ago < HOUR) return `${Math.floor(ago / MINUTE)} minutes ago`;
  if (ago < 2 * HOUR) return '1 hour ago';
  if (ago < DAY) return `${Math.floor(ago / HOUR)} hours ago`;
  if (ago < 2 * DAY) return 'Yesterday';
  if (ago < 7 * DAY) return `${Math.floor(ago / DAY)} days ago`;
  return dateWords(at, locale);
};
