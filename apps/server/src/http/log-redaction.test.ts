import { describe, expect, it } from 'vitest';
import { redactUrl } from './log-redaction.js';

describe('the request log of the OpenID Connect provider addresses', () => {
  it('never shows a token or secret from the query', () => {
    const hint = 'eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiJ4In0.c2ln';
    const logged = redactUrl(
      `/oidc/session/end?id_token_hint=${hint}&post_logout_redirect_uri=https%3A%2F%2Frp.example.test%2Fbye&state=s3cr3t`,
    );
    expect(logged).not.toContain(hint);
    expect(logged).not.toContain('s3cr3t');
    expect(logged).toContain('post_logout_redirect_uri=https%3A%2F%2Frp.example.test%2Fbye');
    expect(redactUrl('/cb?code=abc&code=def')).toBe('/cb?code=[redacted]&code=[redacted]');
    expect(redactUrl(`/x?token=${hint}`)).toBe('/x?token=[redacted]');
    expect(redactUrl('/oidc/auth?client_id=hub_x&scope=openid')).toBe(
      '/oidc/auth?client_id=hub_x&scope=openid',
    );
    expect(redactUrl('/health')).toBe('/health');
  });
});
