import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { requestLanguage, uiLocalesLanguage } from './language.js';

const request = (parts: { query?: Record<string, unknown>; cookie?: string; acceptLanguage?: string }) =>
  ({
    query: parts.query ?? {},
    cookies: parts.cookie === undefined ? {} : { hub_lng: parts.cookie },
    headers: parts.acceptLanguage === undefined ? {} : { 'accept-language': parts.acceptLanguage },
  }) as unknown as FastifyRequest;

describe('requestLanguage', () => {
  it('reads ?lng=, then the hub_lng cookie, then Accept-Language, then English', () => {
    expect(requestLanguage(request({ query: { lng: 'fil' }, cookie: 'en', acceptLanguage: 'en' }))).toBe(
      'fil',
    );
    expect(requestLanguage(request({ cookie: 'fil', acceptLanguage: 'en-US' }))).toBe('fil');
    expect(requestLanguage(request({ cookie: 'en', acceptLanguage: 'fil-PH' }))).toBe('en');
    expect(requestLanguage(request({ acceptLanguage: 'fil-PH,fil;q=0.9,en;q=0.8' }))).toBe('fil');
    expect(requestLanguage(request({ acceptLanguage: 'tl' }))).toBe('fil');
    expect(requestLanguage(request({}))).toBe('en');
  });

  it('ignores what is none of ours: a list in ?lng, an unknown cookie, a request without cookies', () => {
    expect(requestLanguage(request({ query: { lng: ['fil'] }, acceptLanguage: 'en' }))).toBe('en');
    expect(requestLanguage(request({ cookie: 'klingon', acceptLanguage: 'fil' }))).toBe('fil');
    const bare = { query: undefined, headers: {} } as unknown as FastifyRequest;
    expect(requestLanguage(bare)).toBe('en');
  });

  it("puts an OpenID Connect request's ui_locales after ?lng= and before the cookie", () => {
    expect(requestLanguage(request({ cookie: 'en', acceptLanguage: 'en' }), 'de fil-PH en')).toBe('fil');
    expect(requestLanguage(request({ query: { lng: 'en' } }), 'fil')).toBe('en');
    // A ?lng= that is none of ours leaves the choice to ui_locales.
    expect(requestLanguage(request({ query: { lng: 'de' }, cookie: 'en' }), 'tl')).toBe('fil');
    expect(requestLanguage(request({ cookie: 'fil' }), 'de ja')).toBe('fil');
    expect(requestLanguage(request({ acceptLanguage: 'fil' }), undefined)).toBe('fil');
  });
});

describe('uiLocalesLanguage', () => {
  it('takes the first of our languages in a space-separated list, and nothing else', () => {
    expect(uiLocalesLanguage('de fil-PH en')).toBe('fil');
    expect(uiLocalesLanguage('en-GB  fil')).toBe('en');
    expect(uiLocalesLanguage('de ja')).toBeUndefined();
    expect(uiLocalesLanguage(['fil'])).toBeUndefined();
    expect(uiLocalesLanguage(undefined)).toBeUndefined();
  });
});
