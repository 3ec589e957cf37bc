import { describeUserAgent } from '@hub/core';
import { fil } from '@hub/core/i18n/fil';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18next } from '../../i18n';
import { agoWords, deviceWords, methodWords } from './account-words';
import './texts';

const english = i18next.getFixedT('en', 'account');
const filipino = i18next.getFixedT('fil', 'account');
beforeAll(() => {
  i18next.addResourceBundle('fil', 'common', fil.common);
});

const now = Date.UTC(2026, 10, 21, 12, 0, 0);

describe('agoWords', () => {
  it.each([
    [0, null, null],
    [4 * 60_000 + 59_999, null, null],
    [-60_000, null, null],
    [5 * 60_000, '5 minutes ago', '5 minuto ang nakalipas'],
    [59 * 60_000, '59 minutes ago', '59 minuto ang nakalipas'],
    [90 * 60_000, '1 hour ago', '1 oras ang nakalipas'],
    [5 * 3_600_000, '5 hours ago', '5 oras ang nakalipas'],
    [30 * 3_600_000, 'Yesterday', 'kahapon'],
    [3 * 86_400_000, '3 days ago', '3 araw ang nakalipas'],
  ])('%i ms ago: %s / %s', (ago, inEnglish, inFilipino) => {
    expect(agoWords(english, now - ago, now, 'en-GB')).toBe(inEnglish);
    expect(agoWords(filipino, now - ago, now, 'fil-PH')).toBe(inFilipino);
  });

  it('gives a date past a week, in the reader’s locale', () => {
    expect(agoWords(english, Date.UTC(2026, 9, 1, 12), now, 'en-GB')).toBe('1 Oct 2026');
    expect(agoWords(filipino, Date.UTC(2026, 9, 1, 12), now, 'fil-PH')).toBe('Okt 1, 2026');
  });
});

describe('deviceWords', () => {
  const agents = {
    android:
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
    windows: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0',
    samsung:
      'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36',
    systemOnly: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0)',
    browserOnly: 'curl/8.5.0',
    unknown: '',
  };

  it('keeps core’s English words in English, word for word', () => {
    for (const agent of Object.values(agents)) {
      const { words } = describeUserAgent(agent);
      expect(deviceWords(english, words)).toBe(words);
    }
  });

  it('says them in Filipino, the browsers’ and systems’ names untouched', () => {
    const inFilipino = (agent: string) => deviceWords(filipino, describeUserAgent(agent).words);
    expect(inFilipino(agents.android)).toBe('Chrome sa Android');
    expect(inFilipino(agents.windows)).toBe('Firefox sa Windows');
    expect(inFilipino(agents.samsung)).toBe('Samsung Internet sa Android');
    expect(inFilipino(agents.systemOnly)).toBe('Browser sa Mac');
    expect(inFilipino(agents.browserOnly)).toBe('curl');
    expect(inFilipino(agents.unknown)).toBe('Hindi kilalang device');
  });
});

describe('methodWords', () => {
  it('says how a session was made, in both languages; anything else is "another way"', () => {
    expect(methodWords(english, 'password')).toBe('with a password');
    expect(methodWords(english, 'passkey')).toBe('another way');
    expect(methodWords(english, null)).toBe('another way');
    expect(methodWords(filipino, 'google')).toBe('gamit ang Google');
    expect(methodWords(filipino, 'signup')).toBe('nang mag-sign up');
  });
});
