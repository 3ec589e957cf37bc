import type { Language } from '@hub/core';
import { legalEn } from './en';
import { legalFil } from './fil';
import type { LegalWords } from './shape';

export type { LegalWords, Words } from './shape';

/** Each language's words; a new language fails the typecheck here until it has them. */
export const legalWords: Record<Language, LegalWords> = { en: legalEn, fil: legalFil };
