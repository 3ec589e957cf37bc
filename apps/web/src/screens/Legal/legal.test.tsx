import { languages } from '@hub/core';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterAll, describe, expect, it } from 'vitest';
import { setLanguage } from '../../i18n';
import { legalDocuments } from './documents';
import { legalTags, legalValues } from './parts';
import { richText } from './rich';
import { legalWords } from './words';

/** Every text of a language's words, by its path ('terms.about.text', 'terms.account.items.0'). */
const texts = (words: unknown, path = ''): Array<[string, string]> => {
  if (typeof words === 'string') return [[path, words]];
  if (typeof words !== 'object' || words === null) return [];
  return Object.entries(words).flatMap(([key, value]) => texts(value, path ? `${path}.${key}` : key));
};

const slots = (text: string) => ({
  values: [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort(),
  tags: [...text.matchAll(/<(\w+)\s*\/?>/g)].map((match) => match[1]).sort(),
});

describe('richText', () => {
  const tags = { link: <em className="x" />, b: <strong /> };
  const html = (text: string, values = {}) => {
    const { container } = render(<p>{richText(text, values, tags)}</p>);
    return container.innerHTML;
  };

  it('fills in the values and puts the elements where the words say', () => {
    expect(html('Read our <link /> within {days} days.', { days: 'seven (7)' })).toBe(
      '<p>Read our <em class="x"></em> within seven (7) days.</p>',
    );
    expect(html('<b>erase</b> your data, <b>{what}</b>', { what: 'all' })).toBe(
      '<p><strong>erase</strong> your data, <strong>all</strong></p>',
    );
    expect(html('<link>see <b>this</b></link>.')).toBe(
      '<p><em class="x">see <strong>this</strong></em>.</p>',
    );
  });

  it('leaves a name it does not know as written, so a mistake shows', () => {
    expect(html('A {missing} and <nope /> and <nope>words</nope>')).toBe(
      '<p>A {missing} and &lt;nope /&gt; and &lt;nope&gt;words&lt;/nope&gt;</p>',
    );
  });
});

describe('the legal documents', () => {
  afterAll(() => setLanguage('en'));

  it('take the same values and elements in every language as in English, and only known ones', () => {
    const english = new Map(texts(legalWords.en));
    const known = { values: Object.keys(legalValues(legalWords.en)), tags: Object.keys(legalTags) };
    for (const language of languages) {
      const words = texts(legalWords[language]);
      expect(words.map(([path]) => path)).toEqual([...english.keys()]);
      for (const [path, text] of words) {
        expect(slots(text), `${language}: ${path}`).toEqual(slots(english.get(path) ?? ''));
        expect(known.values).toEqual(expect.arrayContaining(slots(text).values));
        expect(known.tags).toEqual(expect.arrayContaining(slots(text).tags));
      }
    }
  });

  it.each(languages)('render in %s with every value and element filled in', async (language) => {
    await setLanguage(language);
    for (const [id, Document] of Object.entries(legalDocuments)) {
      const { container, unmount } = render(
        <MemoryRouter>
          <Document words={legalWords[language]} />
        </MemoryRouter>,
      );
      const text = container.textContent ?? '';
      expect(text, `${language} ${id}`).not.toMatch(/[{}<>]/);
      expect(container.querySelectorAll('h2').length, id).toBeGreaterThanOrEqual(5);
      expect(container.querySelector('a[href="/"]')?.textContent).toContain('Account Hub');
      unmount();
    }
  });

  it('state the spec’s numbers in English as the English documents always have', async () => {
    await setLanguage('en');
    const { container } = render(
      <MemoryRouter>
        <legalDocuments.terms words={legalWords.en} />
      </MemoryRouter>,
    );
    const text = container.textContent ?? '';
    expect(text).toContain('1. About these terms');
    expect(text).toContain('You must be eighteen (18) years of age or older');
    expect(text).toContain('are in Philippine Peso (PHP)');
    expect(text).toContain('Please read them together with our Data Policy.');
    expect(text).toContain('before a panel of three (3) arbitrators');
  });

  it('spell the numbers in Filipino with the linker the noun takes', () => {
    expect([7, 14, 18, 21].map(legalWords.fil.spell)).toEqual([
      'pitong (7)',
      'labing-apat na (14)',
      'labingwalong (18)',
      'dalawampu’t isang (21)',
    ]);
    expect(legalWords.fil.spell(5)).toBe('5');
  });
});
