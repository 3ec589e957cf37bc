/** The product's name as users see it (header, footer, document titles). */
export const PRODUCT_NAME = 'Account Hub';

/** `Login · Personal · Account Hub`: the most specific part first, empty parts dropped. */
export const documentTitle = (...parts: ReadonlyArray<string | undefined>): string =>
  [...parts, PRODUCT_NAME].filter((part): part is string => Boolean(part)).join(' · ');
