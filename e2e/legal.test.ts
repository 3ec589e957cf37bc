import { labels } from '@hub/core';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OpenedPage, openScreen, waitForScreen } from './support/pages.js';
import { useHubAndBrowser } from './support/setup.js';

const legalPages = [
  { id: 'terms', path: '/termsandconditions', label: labels.termsPage },
  { id: 'privacy', path: '/privacy-policy', label: labels.privacyPage },
  { id: 'cookies', path: '/cookiepolicy', label: labels.cookiePage },
] as const;

/** Spec §1: every fact the documents must state (numbers as the documents write them). */
const facts = {
  terms: [
    /18\) years of age or older/,
    /prices .* are in Philippine Peso/i,
    /governed by the laws of the Republic of the Philippines/,
    /seven \(7\) days' written notice/,
    /within fourteen \(14\) days of that notice/i,
    /settle the dispute within two \(2\) months/,
    /arbitration .* panel of three \(3\) arbitrators/,
  ],
  privacy: [
    /in compliance with the Data Privacy Act of 2012/,
    /withdraw your consent/,
    /correct personal data/,
    /erase your personal data/,
    /access your personal data/,
    /respond to every request within twenty-one \(21\) days/,
  ],
  cookies: [/strictly necessary cookies/, /hub_session/, /hub_fb/],
} as const;

const COOKIE_EXPLAINER = 'https://www.allaboutcookies.org/';

const setup = useHubAndBrowser();

/** What a link-preview crawler reads: the HTML as the server sends it, no JavaScript run. */
const servedHead = async (path: string) => {
  const response = await fetch(`${setup.hub.url}${path}`);
  expect(response.status).toBe(200);
  const html = await response.text();
  const head = html.slice(0, html.indexOf('</head>'));
  const all = (pattern: RegExp) => [...head.matchAll(pattern)].map((match) => match[1]);
  return {
    titles: all(/<title>([^<]*)<\/title>/g),
    descriptions: all(/<meta name="description" content="([^"]*)"/g),
    property: (name: string) => all(new RegExp(`<meta property="${name}" content="([^"]*)"`, 'g')),
    twitterCards: all(/<meta name="twitter:card" content="([^"]*)"/g),
  };
};

describe('sharing metadata in the served HTML', () => {
  it('gives the privacy page its social-sharing title, description, image and url without JavaScript', async () => {
    const head = await servedHead('/privacy-policy');
    expect(head.titles).toEqual([`${labels.privacyPage} · Account Hub`]);
    expect(head.property('og:title')).toEqual(head.titles);
    expect(head.descriptions).toHaveLength(1);
    expect(head.descriptions[0]!.length).toBeGreaterThan(20);
    expect(head.property('og:description')).toEqual(head.descriptions);
    expect(head.property('og:url')).toEqual([`${setup.hub.url}/privacy-policy`]);
    expect(head.twitterCards).toEqual(['summary_large_image']);
    const [image] = head.property('og:image');
    expect(image).toMatch(new RegExp(`^${setup.hub.url}/`));
    const picture = await fetch(image!);
    expect(picture.status).toBe(200);
    expect(picture.headers.get('content-type')).toMatch(/^image\//);
  });

  it('titles the other legal pages and the landing page', async () => {
    expect((await servedHead('/termsandconditions')).titles).toEqual([`${labels.termsPage} · Account Hub`]);
    expect((await servedHead('/cookiepolicy')).titles).toEqual([`${labels.cookiePage} · Account Hub`]);
    const landing = await servedHead('/');
    expect(landing.titles).toEqual(['Account Hub']);
    expect(landing.descriptions).toEqual([labels.tagline]);
    // Any other page keeps the index as built.
    expect((await servedHead('/psl/login')).property('og:title')).toEqual([]);
  });
});

describe.each([1280, 375])('the legal page shell at %i px', (width) => {
  let visit: OpenedPage;
  let page: Page;
  beforeAll(async () => {
    visit = await openScreen(setup.browser, `${setup.hub.url}/termsandconditions`, 'terms', width);
    page = visit.page;
  });
  afterAll(() => visit?.close());

  it('shows the logo and product name, and the three tabs with the current one highlighted', async () => {
    const header = page.locator('header');
    const home = header.getByRole('link', { name: 'Account Hub home' });
    expect(await home.isVisible()).toBe(true);
    expect(await home.getAttribute('href')).toBe('/');
    expect(await home.textContent()).toContain('Account Hub');
    const tabs = header.getByRole('navigation', { name: 'Legal documents' }).getByRole('link');
    expect(await tabs.allTextContents()).toEqual(legalPages.map((page) => page.label));

    for (const current of legalPages) {
      await tabs.filter({ hasText: current.label }).click();
      await waitForScreen(page, current.id);
      expect(new URL(page.url()).pathname).toBe(current.path);
      for (const other of legalPages) {
        const tab = tabs.filter({ hasText: other.label });
        expect(await tab.getAttribute('aria-current')).toBe(other === current ? 'page' : null);
        expect(await tab.isVisible()).toBe(true);
      }
      expect(await page.locator('main h1').textContent()).toBe(current.label);
      expect(await page.title()).toBe(`${current.label} · Account Hub`);
    }
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(visit.errors).toEqual([]);
  });

  it('states every fact of the spec in readable documents', async () => {
    for (const current of legalPages) {
      await page.locator('header').getByRole('link', { name: current.label, exact: true }).click();
      await waitForScreen(page, current.id);
      const text = ((await page.locator('main article').textContent()) ?? '').replace(/\s+/g, ' ');
      for (const fact of facts[current.id]) expect(text, `${current.path}: ${fact}`).toMatch(fact);
      // Readable: sections with headings, not one block of text.
      expect(await page.locator('main article h2').count()).toBeGreaterThanOrEqual(3);
    }
  });

  it('links to the main site and to a cookie explainer, in new tabs', async () => {
    for (const current of legalPages) {
      await page.locator('header').getByRole('link', { name: current.label, exact: true }).click();
      await waitForScreen(page, current.id);
      const article = page.locator('main article');
      const mainSite = article.locator('a[href="/"]').first();
      expect(await mainSite.textContent()).toContain('Account Hub');
      expect(await mainSite.getAttribute('target')).toBe('_blank');
      expect(await mainSite.getAttribute('rel')).toContain('noopener');
    }
    const explainer = page.locator(`main article a[href="${COOKIE_EXPLAINER}"]`).first();
    expect(await explainer.getAttribute('target')).toBe('_blank');
    expect(await explainer.getAttribute('rel')).toContain('noopener');
    expect(await explainer.textContent()).toContain('(opens in a new tab)');

    // A new tab it is: the main-site link opens the landing page beside the document.
    const [opened] = await Promise.all([
      page.context().waitForEvent('page'),
      page.locator('main article a[href="/"]').first().click(),
    ]);
    await opened.waitForURL(`${setup.hub.url}/`);
    expect(new URL(page.url()).pathname).toBe('/cookiepolicy');
    await opened.close();
  });
});
