import { describe, expect, it } from 'vitest';
import { socialButtonLabels, socialErrorMessages } from '../contracts/social.js';
import { labels, notices, termsLineParts } from '../labels.js';
import { errorCatalog, errorCodes, errorMessage } from '../messages.js';
import { passwordHints } from '../password.js';
import { enAccount, filAccount } from './account.js';
import { adminTexts } from './admin.js';
import { en as enBundled } from './en/index.js';
import { fil as filBundled } from './fil/index.js';
import { fromAcceptLanguage, resolveLanguage, toLanguage } from './languages.js';

// Every namespace, the account center's and the console's too (subpaths of their own).
const en = { ...enBundled, account: enAccount, admin: adminTexts.en };
const fil = { ...filBundled, account: filAccount, admin: adminTexts.fil };
type Namespace = keyof typeof en;
const namespaces = Object.keys(en) as Namespace[];
const entries = (catalogue: typeof en | typeof fil, ns: Namespace) =>
  catalogue[ns] as unknown as Record<string, string>;

/** What a text needs from the code that renders it: its `{params}` and its `<tags>`. */
const slots = (text: string) => ({
  params: [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort(),
  tags: [...text.matchAll(/<(\w+)\s*\/?>/g)].map((match) => match[1]).sort(),
});

describe('the catalogues', () => {
  it('have the same keys in English and Filipino, in every namespace', () => {
    expect(Object.keys(fil).sort()).toEqual(Object.keys(en).sort());
    for (const ns of namespaces) {
      expect(Object.keys(entries(fil, ns)).sort(), ns).toEqual(Object.keys(entries(en, ns)).sort());
    }
  });

  it('give every key the same parameters and link tags in both languages', () => {
    for (const ns of namespaces) {
      for (const [key, english] of Object.entries(entries(en, ns))) {
        expect(slots(entries(fil, ns)[key] ?? ''), `${ns}:${key}`).toEqual(slots(english));
      }
    }
  });

  it('have every plural form of a key in both languages (one and other, as Intl.PluralRules says)', () => {
    for (const language of ['en', 'fil'] as const) {
      expect(new Intl.PluralRules(language).resolvedOptions().pluralCategories.sort()).toEqual([
        'one',
        'other',
      ]);
    }
    for (const ns of namespaces) {
      const plurals = Object.keys(entries(en, ns)).filter((key) => /_(one|other)$/.test(key));
      for (const key of plurals) {
        const base = key.replace(/_(one|other)$/, '');
        expect(Object.keys(entries(en, ns)), `${ns}:${base}`).toEqual(
          expect.arrayContaining([`${base}_one`, `${base}_other`]),
        );
        expect(entries(fil, ns)[key], `${ns}:${key}`).toMatch(/\{count\}/);
      }
    }
  });

  it('leave no Filipino text empty or identical to a long English sentence by mistake', () => {
    // The SSO error codes (AUTHORIZATION_ERROR: …) are shown as codes and stay in English on purpose.
    const keptInEnglish = new Set(['sso.tsa_key_missing', 'sso.callback_missing', 'sso.state_invalid']);
    for (const ns of namespaces) {
      for (const [key, english] of Object.entries(entries(en, ns))) {
        const filipino = entries(fil, ns)[key] ?? '';
        expect(filipino.trim(), `${ns}:${key}`).not.toBe('');
        if (english.split(' ').length > 4 && !keptInEnglish.has(key)) {
          expect(filipino, `${ns}:${key}`).not.toBe(english);
        }
      }
    }
  });
});

describe('the English catalogue is the spec, word for word', () => {
  const common = en.common as Record<string, string>;

  it('has every label of labels.ts', () => {
    for (const [name, value] of Object.entries(labels)) {
      if (name === 'termsLine') continue;
      if (typeof value === 'function') continue;
      expect(common[name], name).toBe(value);
    }
    expect(common.resendAfter_other!.replace('{count}', '360')).toBe(labels.resendAfter(360));
    expect(common.resendAfter_one!.replace('{count}', '1')).toBe(labels.resendAfter(1));
    expect(common.loadingChunkFailed!.replace('{chunk}', '7')).toBe(labels.loadingChunkFailed(7));
  });

  it('words the terms line as the spec, with its three links where termsLineParts puts them', () => {
    expect(common.termsLine!.replace(/<\/?\w+>/g, '')).toBe(labels.termsLine);
    const linked = [...common.termsLine!.matchAll(/<(\w+)>(.*?)<\/\1>/g)].map(([, tag, text]) => ({
      tag,
      text,
    }));
    expect(linked).toEqual(
      termsLineParts.filter((part) => 'link' in part).map((part) => ({ tag: part.link, text: part.text })),
    );
  });

  it('has every notice, the password hints and the social texts', () => {
    for (const [name, value] of Object.entries(notices)) expect(common[`notice.${name}`], name).toBe(value);
    for (const hint of passwordHints) expect(common[`hint.${hint.criterion}`]).toBe(hint.text);
    for (const [code, text] of Object.entries(socialErrorMessages))
      expect(common[`socialError.${code}`]).toBe(text);
    for (const [provider, text] of Object.entries(socialButtonLabels))
      expect(common[`social.${provider}`]).toBe(text);
  });

  it('has every error code with the catalogue’s text, and each screen’s own wording as its context', () => {
    const errors = en.errors as Record<string, string>;
    for (const code of errorCodes) {
      expect(errors[code], code).toBe(errorCatalog[code].message);
      const screens = (errorCatalog[code] as { screens?: Record<string, string> }).screens ?? {};
      for (const [screen, text] of Object.entries(screens)) expect(errors[`${code}_${screen}`]).toBe(text);
    }
    expect(errorMessage('account.not_found', undefined, 'reset')).toBe('Account does not exist.');
  });
});

describe('choosing the language', () => {
  it('reads fil, fil-PH and tl as Filipino, any English as English, the rest as none of ours', () => {
    expect(['fil', 'fil-PH', 'FIL-ph', 'tl', 'tl-PH'].map(toLanguage)).toEqual([
      'fil',
      'fil',
      'fil',
      'fil',
      'fil',
    ]);
    expect(['en', 'en-US', 'en_GB'].map(toLanguage)).toEqual(['en', 'en', 'en']);
    expect([undefined, null, '', 'de', 'filipino', 'es-PH'].map(toLanguage)).toEqual(
      Array(6).fill(undefined),
    );
  });

  it('takes the first of ours from Accept-Language by its q-values', () => {
    expect(fromAcceptLanguage('fil-PH,fil;q=0.9,en-US;q=0.8,en;q=0.7')).toBe('fil');
    expect(fromAcceptLanguage('en-US,en;q=0.9,fil;q=0.8')).toBe('en');
    expect(fromAcceptLanguage('de-DE,de;q=0.9,tl;q=0.5')).toBe('fil');
    expect(fromAcceptLanguage('en;q=0.2, fil;q=0.8')).toBe('fil');
    expect(fromAcceptLanguage('fil;q=0, en;q=0.1')).toBe('en');
    expect(fromAcceptLanguage('de, fr')).toBeUndefined();
    expect(fromAcceptLanguage('*')).toBeUndefined();
    expect(fromAcceptLanguage(undefined)).toBeUndefined();
  });

  it('prefers the link, then the remembered choice, then Accept-Language, then English', () => {
    expect(resolveLanguage({ query: 'fil', cookie: 'en', acceptLanguage: 'en' })).toBe('fil');
    expect(resolveLanguage({ query: 'xx', cookie: 'fil', acceptLanguage: 'en' })).toBe('fil');
    expect(resolveLanguage({ cookie: 'en', acceptLanguage: 'fil-PH' })).toBe('en');
    expect(resolveLanguage({ cookie: 'garbage', acceptLanguage: 'fil-PH' })).toBe('fil');
    expect(resolveLanguage({})).toBe('en');
  });
});
