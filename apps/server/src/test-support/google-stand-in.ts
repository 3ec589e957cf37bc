import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * node-oidc-provider prints notices about its own set-up: its quick-start key, memory store and
 * default lifetimes, and that it wants Node 22 LTS. They describe this loopback stand-in, not the
 * hub, so they are dropped here instead of filling every test run; anything else still prints.
 * (What the Node 22 notice means for production: docs/operations.md, "Node versions".)
 */
let quiet = false;
const quietProvider = () => {
  if (quiet) return;
  quiet = true;
  const own = (args: unknown[]) =>
    typeof args[0] === 'string' && /oidc-provider (WARNING|NOTICE):/.test(args[0]);
  const { info, warn } = console;
  console.info = (...args: unknown[]) => {
    if (!own(args)) info.apply(console, args);
  };
  console.warn = (...args: unknown[]) => {
    if (!own(args)) warn.apply(console, args);
  };
};

/** The person the stand-in signs in next, or the consent they refuse. */
export type GoogleUser = { sub: string; email: string; email_verified: boolean; name?: string };

export interface GoogleStandIn {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Registers the hub's redirect URIs (when the hub's address is known only after this starts). */
  register: (redirectUris: string[]) => void;
  /** Who signs in at the next authorization request ('cancel': the user refuses consent). */
  next: (user: GoogleUser | 'cancel') => void;
  stop: () => Promise<void>;
}

/**
 * A real OpenID Connect provider (node-oidc-provider) on loopback, standing in for Google: code
 * flow with PKCE, signed id_tokens carrying email and email_verified. Its interaction step needs
 * no form: it signs in whoever the test named with `next` and grants the requested scopes.
 */
export const startGoogleStandIn = async (initialRedirectUris: string[] = []): Promise<GoogleStandIn> => {
  quietProvider();
  const { default: Provider } = await import('oidc-provider');
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = 'hub-google-client';
  const clientSecret = 'hub-google-secret-for-tests-only';
  const users = new Map<string, GoogleUser>();
  let nextUser: GoogleUser | 'cancel' | undefined;

  const build = (redirectUris: string[]) =>
    new Provider(issuer, {
      clients: [
        {
          client_id: clientId,
          client_secret: clientSecret,
          redirect_uris: redirectUris,
          grant_types: ['authorization_code'],
          response_types: ['code'],
          token_endpoint_auth_method: 'client_secret_post',
        },
      ],
      claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
      // Google puts email and email_verified in the id_token itself.
      conformIdTokenClaims: false,
      pkce: { required: () => true },
      features: { devInteractions: { enabled: false } },
      cookies: { keys: ['stand-in-cookie-key-for-tests-only'] },
      findAccount: async (_ctx, sub) => {
        const user = users.get(sub);
        if (!user) return undefined;
        return { accountId: sub, claims: async () => ({ ...user }) };
      },
      interactions: {
        url: async (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}`,
      },
    });
  let provider = build(initialRedirectUris);
  let callback = provider.callback();
  const register = (redirectUris: string[]) => {
    provider = build(redirectUris);
    callback = provider.callback();
  };

  server.on('request', async (req, res) => {
    const match = req.url?.match(/^\/interaction\/([^/?]+)/);
    if (!match) return callback(req, res);
    try {
      const details = await provider.interactionDetails(req, res);
      const user = nextUser;
      if (!user || user === 'cancel') {
        await provider.interactionFinished(
          req,
          res,
          { error: 'access_denied', error_description: 'End-User aborted interaction' },
          { mergeWithLastSubmission: false },
        );
        return;
      }
      users.set(user.sub, user);
      const grant = new provider.Grant({ accountId: user.sub, clientId: String(details.params.client_id) });
      grant.addOIDCScope(String(details.params.scope));
      const grantId = await grant.save();
      await provider.interactionFinished(
        req,
        res,
        { login: { accountId: user.sub }, consent: { grantId } },
        { mergeWithLastSubmission: false },
      );
    } catch (error) {
      console.error('google stand-in interaction', error);
      res.statusCode = 500;
      res.end();
    }
  });

  return {
    issuer,
    clientId,
    clientSecret,
    register,
    next: (user) => {
      nextUser = user;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};
