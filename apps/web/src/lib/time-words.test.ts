import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setLanguage } from '../i18n';
import { approximateAgo, dateWords } from './time-words';

describe('approximateAgo', () => {
  const now = Date.UTC(2026, 10, 21, 12, 0, 0);
  it.each([
    [0, 'Active now'],
    [4 * 60_000 + 59_999, 'Active now'],
    [5 * 60_000, '5 minutes ago'],
    [59 * 60_000, '59 minutes ago'],
    [90 * 60_000, '1 hour ago'],
    [5 * 3_600_000, '5 hours ago'],
    [30 * 3_600_000, 'Yesterday'],
    [3 * 86_400_000, '3 days ago'],
    [-60_000, 'Active now'],
  ])('%i ms ago → %s', (ago, words) => {
    expect(approximateAgo(now - ago, now, 'en-GB')).toBe(words);
  });
  it('gives a date past a week', () => {
    expect(approximateAgo(Date.UTC(2026, 9, 1, 12), now, 'en-GB')).toBe('1 Oct 2026');
  });
});

describe('in Filipino', () => {
  beforeAll(() => setLanguage('fil'));
  afterAll(() => setLanguage('en'));
  const now = Date.UTC(2026, 10, 21, 12, 0, 0);

  it.each([
    [0, 'Aktibo ngayon'],
    [5 * 60_000, '5 minuto na ang nakalipas'],
    [90 * 60_000, '1 oras na ang nakalipas'],
    [5 * 3_600_000, '5 oras na ang nakalipas'],
    [30 * 3_600_000, 'Kahapon'],
    [3 * 86_400_000, '3 araw na ang nakalipas'],
  ])('%i ms ago → %s', (ago, words) => {
    expect(approximateAgo(now - ago, now)).toBe(words);
  });

  it('writes a date with Filipino month names when no locale is given', () => {
    expect(dateWords(Date.UTC(2026, 9, 1, 12))).toBe('Okt 1, 2026');
  });
});
