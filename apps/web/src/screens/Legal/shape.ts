import type { legalEn } from './en';

/**
 * The shape a language's words for the legal documents must have: the English words' shape, every
 * text a string, every list the same number of items, the functions the same. A missing section,
 * sentence or item fails `npm run typecheck` through `satisfies LegalWords`.
 */
export type Words<English> = English extends string
  ? string
  : English extends (...args: never[]) => unknown
    ? English
    : { readonly [Key in keyof English]: Words<English[Key]> };

/**
 * What the documents (Terms.tsx, Privacy.tsx, Cookies.tsx) need from a language. In the texts,
 * `{name}` is a value the documents fill in (numbers spelled by the language's `spell`) and
 * `<name />` or `<name>…</name>` an element they put there (a link, bold words): see rich.tsx.
 */
export type LegalWords = Words<typeof legalEn>;
