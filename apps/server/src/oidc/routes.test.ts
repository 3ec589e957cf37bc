import { describe, expect, it } from 'vitest';
import { loggedRequest, redactedUrl } from './routes.js';

describe('the request log of the provider addresses', () => {
  it('never shows a token or secret from the query', () => {
    const hint = 'eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiJ4In0.c2ln';
    const logged = redactedUrl(
      `/oidc/session/end?id_token_hint=${hint}&post_logout_redirect_uri=https%3A%2F%2Frp.example.test%2Fbye&state=s3cr3t`,
    );
    expect(logged).not.toContain(hint);
    expect(logged).not.toContain('s3cr3t');
    expect(logged).toContain('post_logout_redirect_uri=https%3A%2F%2Frp.example.test%2Fbye');
    expect(redactedUrl('/cb?code=abc&code=def')).toBe('/cb?code=%5Bredacted%5D');
    expect(redactedUrl('/oidc/auth?client_id=hub_x&scope=openid')).toBe(
      '/oidc/auth?client_id=hub_x&scope=openid',
    );
    expect(redactedUrl('/health')).toBe('/health');
    expect(loggedRequest({ method: 'GET', url: `/x?token=${hint}`, ip: '203.0.113.7' })).toEqual({
      method: 'GET',
      url: '/x?token=%5Bredacted%5D',
      host: undefined,
      remoteAddress: '203.0.113.7',
      remotePort: undefined,
    });
  });
});
