import { describe, expect, it } from 'vitest';
import { resetPasswordHref } from './hrefs';

describe('resetPasswordHref', () => {
  it('keeps from and the OpenID Connect interaction, so the reset returns to the client sign-in', () => {
    const href = new URL(
      resetPasswordHref('psl', 'foundation', undefined, 'tool-session', 'uid_123456'),
      'http://x',
    );
    expect(href.pathname).toBe('/psl/reset/password');
    expect(href.searchParams.get('from')).toBe('tool-session');
    expect(href.searchParams.get('oidc')).toBe('uid_123456');
    expect(JSON.parse(href.searchParams.get('sainfo')!)).toMatchObject({ rrf: 'foundation' });
  });

  it('adds nothing outside an authorization request', () => {
    const href = new URL(resetPasswordHref('biz', 'switching1', undefined, null), 'http://x');
    expect([...href.searchParams.keys()]).toEqual(['sainfo']);
  });
});
