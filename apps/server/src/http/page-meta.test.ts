import { labels } from '@hub/core';
import { describe, expect, it } from 'vitest';
import { escapeHtml, pageIndexes, pageMetaFor, withPageMeta } from './page-meta.js';

const index = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="One account for Personal , Business and more." />
    <title>Account Hub</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>`;

const publicUrl = 'https://hub.example.com';

/** Reads the head the way a link-preview crawler does: attributes of meta tags, no JavaScript. */
const headOf = (html: string) => {
  const head = html.slice(0, html.indexOf('</head>'));
  const attribute = (selector: RegExp) => [...head.matchAll(selector)].map((match) => match[1]);
  return {
    titles: attribute(/<title>([^<]*)<\/title>/g),
    descriptions: attribute(/<meta name="description" content="([^"]*)"/g),
    property: (name: string) => attribute(new RegExp(`<meta property="${name}" content="([^"]*)"`, 'g')),
    twitterCards: attribute(/<meta name="twitter:card" content="([^"]*)"/g),
  };
};

describe('withPageMeta', () => {
  it('gives the privacy page its sharing title, description, image and url, once each', () => {
    const head = headOf(withPageMeta(index, '/privacy-policy', publicUrl));
    expect(head.titles).toEqual([`${labels.privacyPage} · Account Hub`]);
    expect(head.descriptions).toHaveLength(1);
    expect(head.descriptions[0]).toMatch(/personal data/);
    expect(head.property('og:title')).toEqual([`${labels.privacyPage} · Account Hub`]);
    expect(head.property('og:description')).toEqual(head.descriptions);
    expect(head.property('og:image')).toEqual(['https://hub.example.com/og-image.jpg']);
    expect(head.property('og:url')).toEqual(['https://hub.example.com/privacy-policy']);
    expect(head.twitterCards).toEqual(['summary_large_image']);
  });

  it('keeps the rest of the index as built', () => {
    const html = withPageMeta(index, '/privacy-policy', publicUrl);
    expect(html).toContain('<script type="module" crossorigin src="/assets/index-abc.js"></script>');
    expect(html).toContain('<body><div id="root"></div></body>');
    expect(html.indexOf('og:title')).toBeLessThan(html.indexOf('</head>'));
  });

  it('titles the other legal pages and the landing page', () => {
    expect(headOf(withPageMeta(index, '/termsandconditions', publicUrl)).titles).toEqual([
      `${labels.termsPage} · Account Hub`,
    ]);
    expect(headOf(withPageMeta(index, '/cookiepolicy', publicUrl)).titles).toEqual([
      `${labels.cookiePage} · Account Hub`,
    ]);
    const landing = headOf(withPageMeta(index, '/', publicUrl));
    expect(landing.titles).toEqual(['Account Hub']);
    expect(landing.descriptions).toEqual([labels.tagline]);
    expect(landing.property('og:url')).toEqual(['https://hub.example.com/']);
  });

  it('leaves every other path, and an index without a head, unchanged', () => {
    for (const path of ['/psl/login', '/nope', '/privacy-policy/', '/PRIVACY-POLICY'])
      expect(withPageMeta(index, path, publicUrl)).toBe(index);
    expect(withPageMeta('<p>no head</p>', '/privacy-policy', publicUrl)).toBe('<p>no head</p>');
  });

  it('writes absolute urls against the public url, whatever path it has', () => {
    const head = headOf(withPageMeta(index, '/privacy-policy', 'http://localhost:3000/base/'));
    expect(head.property('og:url')).toEqual(['http://localhost:3000/privacy-policy']);
    expect(head.property('og:image')).toEqual(['http://localhost:3000/og-image.jpg']);
  });
});

describe('escapeHtml', () => {
  it('escapes the characters that could end an attribute or open a tag', () => {
    expect(escapeHtml(`"><script>alert('x')</script>&`)).toBe(
      '&quot;&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;&amp;',
    );
  });
});

describe('pageMetaFor', () => {
  it('knows the landing page and the three legal pages only', () => {
    expect(pageMetaFor('/')).toBeDefined();
    expect(pageMetaFor('/termsandconditions')).toBeDefined();
    expect(pageMetaFor('/privacy-policy')).toBeDefined();
    expect(pageMetaFor('/cookiepolicy')).toBeDefined();
    expect(pageMetaFor('/psl/login')).toBeUndefined();
    expect(pageMetaFor('constructor')).toBeUndefined();
  });
});

describe('pageIndexes', () => {
  it('renders each page once, ahead of any request', () => {
    const indexes = pageIndexes(index, publicUrl);
    expect([...indexes.keys()].sort()).toEqual([
      '/',
      '/cookiepolicy',
      '/privacy-policy',
      '/termsandconditions',
    ]);
    expect(indexes.get('/privacy-policy')).toBe(withPageMeta(index, '/privacy-policy', publicUrl));
  });
});
