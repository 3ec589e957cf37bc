/**
 * The shape another language's catalogue must have: exactly the English keys (a missing or an
 * extra key fails `npm run typecheck` through `satisfies`), each a string. That the parameters
 * and plural forms match too is checked by i18n.test.ts.
 */
export type Catalogue<English> = { readonly [Key in keyof English]: string };
