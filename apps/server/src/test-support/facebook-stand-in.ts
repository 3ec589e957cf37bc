import { createHash, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type FacebookUser = { id: string; email?: string; verified?: boolean; name?: string };

export interface FacebookStandIn {
  url: string;
  clientId: string;
  clientSecret: string;
  next: (user: FacebookUser | 'cancel') => void;
  /** While true, the token endpoint answers 500 (the provider is down). */
  failTokens: (fail: boolean) => void;
  stop: () => Promise<void>;
}

/**
 * A small OAuth 2.0 server standing in for Facebook Login and the Graph API's /me: authorization
 * code with PKCE (S256), each code usable once, client secret in the token request, bearer access
 * tokens.
 */
export const startFacebookStandIn = async (): Promise<FacebookStandIn> => {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = 'hub-facebook-app';
  const clientSecret = 'hub-facebook-secret-for-tests-only';
  const codes = new Map<string, { user: FacebookUser; challenge: string; redirectUri: string }>();
  const tokens = new Map<string, FacebookUser>();
  let nextUser: FacebookUser | 'cancel' | undefined;
  let failing = false;

  const json = (res: import('node:http').ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
    res.end(JSON.stringify(body));
  };

  server.on('request', async (req, res) => {
    const requestUrl = new URL(req.url ?? '/', url);
    if (requestUrl.pathname === '/dialog/oauth') {
      const q = requestUrl.searchParams;
      const redirect = new URL(q.get('redirect_uri') ?? '');
      const state = q.get('state') ?? '';
      if (q.get('client_id') !== clientId || q.get('code_challenge_method') !== 'S256') {
        return json(res, 400, { error: 'invalid_request' });
      }
      const user = nextUser;
      if (!user || user === 'cancel') {
        redirect.searchParams.set('error', 'access_denied');
        redirect.searchParams.set('error_reason', 'user_denied');
      } else {
        const code = randomBytes(16).toString('hex');
        codes.set(code, {
          user,
          challenge: q.get('code_challenge') ?? '',
          redirectUri: q.get('redirect_uri') ?? '',
        });
        redirect.searchParams.set('code', code);
      }
      redirect.searchParams.set('state', state);
      res.writeHead(302, { location: redirect.href });
      return res.end();
    }
    if (requestUrl.pathname === '/oauth/access_token' && req.method === 'POST') {
      if (failing) return json(res, 500, { error: 'server_error' });
      let raw = '';
      for await (const chunk of req) raw += chunk;
      const body = new URLSearchParams(raw);
      const entry = codes.get(body.get('code') ?? '');
      codes.delete(body.get('code') ?? '');
      const verifier = body.get('code_verifier') ?? '';
      const challenge = createHash('sha256').update(verifier).digest('base64url');
      if (
        !entry ||
        body.get('client_id') !== clientId ||
        body.get('client_secret') !== clientSecret ||
        body.get('redirect_uri') !== entry.redirectUri ||
        challenge !== entry.challenge
      ) {
        return json(res, 400, { error: 'invalid_grant' });
      }
      const token = randomBytes(16).toString('hex');
      tokens.set(token, entry.user);
      return json(res, 200, { access_token: token, token_type: 'bearer', expires_in: 3600 });
    }
    if (requestUrl.pathname === '/me') {
      const user = tokens.get((req.headers.authorization ?? '').replace(/^Bearer /i, ''));
      if (!user) return json(res, 401, { error: { message: 'Invalid OAuth access token.' } });
      return json(res, 200, user);
    }
    json(res, 404, { error: 'not_found' });
  });

  return {
    url,
    clientId,
    clientSecret,
    next: (user) => {
      nextUser = user;
    },
    failTokens: (fail) => {
      failing = fail;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};

/** The hub's configuration for the stand-in Facebook. */
export const facebookEnv = (fb: FacebookStandIn) => ({
  FACEBOOK_CLIENT_ID: fb.clientId,
  FACEBOOK_CLIENT_SECRET: fb.clientSecret,
  FACEBOOK_AUTHORIZE_URL: `${fb.url}/dialog/oauth`,
  FACEBOOK_TOKEN_URL: `${fb.url}/oauth/access_token`,
  FACEBOOK_USERINFO_URL: `${fb.url}/me`,
});
