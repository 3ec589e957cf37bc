import { describe, expect, it } from 'vitest';
import { withSignInContext } from './hrefs';

describe('withSignInContext', () => {
  it('keeps from and the OpenID Connect interaction on the links between login and sign-up', () => {
    expect(withSignInContext('/psl/registration', { from: null, oidc: 'uid_123456' })).toBe(
      '/psl/registration?oidc=uid_123456',
    );
    expect(withSignInContext('/biz/login', { from: 'tool-session', oidc: 'uid_123456' })).toBe(
      '/biz/login?from=tool-session&oidc=uid_123456',
    );
    expect(withSignInContext('/psl/login', { from: undefined, oidc: null })).toBe('/psl/login');
  });
});
