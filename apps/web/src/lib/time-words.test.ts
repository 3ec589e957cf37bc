import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setLanguage } from '../i18n';
import { dateWords } from './time-words';

// "How long ago" is the account center's (screens/Account/account-words.test.ts).
describe('in Filipino', () => {
  beforeAll(() => setLanguage('fil'));
  afterAll(() => setLanguage('en'));

  it('writes a date with Filipino month names when no locale is given', () => {
    expect(dateWords(Date.UTC(2026, 9, 1, 12))).toBe('Okt 1, 2026');
  });

  it('keeps a locale it is given', () => {
    expect(dateWords(Date.UTC(2026, 9, 1, 12), 'en-GB')).toBe('1 Oct 2026');
  });
});
