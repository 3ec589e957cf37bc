// The OpenID Connect example: a relying party of Account Hub in one file, to read before wiring
// your own library. It signs people in with the authorization code flow (PKCE, state and nonce),
// verifies the ID token, shows its claims and userinfo, refreshes the tokens and logs out through
// the hub's end-session endpoint. Read it top to bottom; README.md beside it walks the same steps.
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import * as oidc from 'openid-client';

// ── 1. Configuration ─────────────────────────────────────────────────────────────────────────
const PORT = Number(process.env.PORT ?? 3002);
const HOST = process.env.HOST ?? '127.0.0.1';
// The hub's public origin: its PUBLIC_URL, which is the issuer; discovery is read from there.
const HUB_URL = (process.env.HUB_URL ?? 'http://localhost:3000').replace(/\/+$/, '');
// Where this example is reached by browsers: the redirect URIs registered for the client.
const SELF_URL = (process.env.OIDC_EXAMPLE_URL ?? `http://localhost:${PORT}`).replace(/\/+$/, '');
for (const [name, value] of [
  ['HUB_URL', HUB_URL],
  ['OIDC_EXAMPLE_URL', SELF_URL],
])
  if (!URL.canParse(value)) throw new Error(`${name} is not a URL: ${value}`);
// APP_ENV=local seeds the client `local-example` with this published, local-only secret. Anywhere
// else register a client with `npx hub clients add` and give its id and secret here.
const CLIENT_ID = process.env.OIDC_CLIENT_ID ?? 'local-example';
const CLIENT_SECRET = process.env.OIDC_CLIENT_SECRET ?? 'local-example-secret-local-only';
const REDIRECT_URI = `${SELF_URL}/callback`;
const POST_LOGOUT_URI = `${SELF_URL}/signed-out`;
const SCOPE = 'openid email profile hub';
// The acr a client asks for when the sign-in must prove two factors (a password and a code, say).
const ACR_MFA = 'urn:account-hub:acr:mfa';

// ── 2. Discovery ─────────────────────────────────────────────────────────────────────────────
// Read once, on first use (the hub may start after us), and again after a failure. The library
// takes every endpoint and the key set from it. Plain http is allowed only for localhost.
let discovered;
const configuration = () => {
  discovered ??= oidc
    .discovery(new URL(HUB_URL), CLIENT_ID, CLIENT_SECRET, undefined, {
      execute: new URL(HUB_URL).protocol === 'http:' ? [oidc.allowInsecureRequests] : [],
      timeout: 5,
    })
    .catch((error) => {
      discovered = undefined;
      throw error;
    });
  return discovered;
};

// ── 3. Sessions of this example ──────────────────────────────────────────────────────────────
// In memory, keyed by a random cookie: a real tool keeps them in its own store. A session holds
// either a sign-in under way (PKCE verifier, state, nonce) or the tokens of a finished one.
const SESSION_COOKIE = 'oidc_example_session';
const sessions = new Map();
const cookieOf = (header, name) =>
  header
    ?.split(';')
    .map((part) => part.trim().split('='))
    .find(([key]) => key === name)?.[1];
const sessionOf = (request) => sessions.get(cookieOf(request.headers.cookie, SESSION_COOKIE) ?? '');
const newSession = (data) => {
  const id = randomBytes(24).toString('base64url');
  sessions.set(id, data);
  // Lax: sent on the hub's top-level redirect back to /callback, not on cross-site POSTs.
  return { 'set-cookie': `${SESSION_COOKIE}=${id}; Path=/; HttpOnly; SameSite=Lax; Max-Age=3600` };
};
const endSession = (request) => {
  sessions.delete(cookieOf(request.headers.cookie, SESSION_COOKIE) ?? '');
  return { 'set-cookie': `${SESSION_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0` };
};

// ── 4. Sending the user to the hub ───────────────────────────────────────────────────────────
// PKCE binds the code to this browser's verifier, state to this browser's request, nonce to the
// ID token that comes back: each is fresh for every sign-in and kept in our session. A person
// without an account can be sent to the hub's sign-up screen instead (prompt=create); either way
// the same code comes back to /callback. A client that needs two factors asks for them with
// acr_values; the hub then asks for the second one, even of a browser already signed in with one.
const startSignIn = async ({ signUp = false, mfa = false } = {}) => {
  const config = await configuration();
  const pkceCodeVerifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: REDIRECT_URI,
    scope: SCOPE,
    code_challenge: await oidc.calculatePKCECodeChallenge(pkceCodeVerifier),
    code_challenge_method: 'S256',
    state,
    nonce,
    ...(signUp ? { prompt: 'create' } : {}),
    ...(mfa ? { acr_values: ACR_MFA } : {}),
  });
  return redirect(url.href, newSession({ pending: { pkceCodeVerifier, state, nonce, mfa } }));
};

// ── 5. Receiving the user back ───────────────────────────────────────────────────────────────
// The library exchanges the code (authenticating with our secret), then checks the ID token: signed
// by a key from the hub's JWKS, issued by HUB_URL, for our client id, fresh, with our nonce.
const receiveCallback = async (request, url) => {
  const session = sessionOf(request);
  if (url.searchParams.has('error'))
    return errorPage(
      400,
      'The hub did not sign you in',
      `${url.searchParams.get('error')}: ${url.searchParams.get('error_description') ?? ''}`,
    );
  if (!session?.pending)
    return errorPage(403, 'This sign-in was not started in this browser', 'No sign-in is under way here.');
  const config = await configuration();
  let tokens;
  try {
    tokens = await oidc.authorizationCodeGrant(config, new URL(url.pathname + url.search, SELF_URL), {
      pkceCodeVerifier: session.pending.pkceCodeVerifier,
      expectedState: session.pending.state,
      expectedNonce: session.pending.nonce,
      idTokenExpected: true,
    });
  } catch (error) {
    return errorPage(401, 'The sign-in did not verify', `${error.code ?? 'ERROR'}: ${error.message}`);
  }
  // acr_values is a request, not a guarantee: a client that needs two factors checks what it got.
  if (session.pending.mfa && tokens.claims()?.acr !== ACR_MFA)
    return errorPage(401, 'The sign-in did not prove two factors', `acr: ${tokens.claims()?.acr}`);
  delete session.pending;
  Object.assign(session, { tokens, claims: tokens.claims(), refreshes: 0 });
  // A clean URL without code and state, so a reload does not redeem the code again.
  return redirect('/', {});
};

// ── 6. Refresh and userinfo ──────────────────────────────────────────────────────────────────
// Each refresh returns a new refresh token; the old one stops working (presenting it again would
// revoke the whole grant). The new ID token must name the same subject.
const refresh = async (session) => {
  const config = await configuration();
  try {
    const tokens = await oidc.refreshTokenGrant(config, session.tokens.refresh_token);
    const claims = tokens.claims() ?? session.claims;
    if (claims.sub !== session.claims.sub) throw new Error('the refreshed ID token names another subject');
    Object.assign(session, { tokens, claims, refreshes: session.refreshes + 1 });
  } catch (error) {
    return errorPage(401, 'The refresh was refused', `${error.code ?? 'ERROR'}: ${error.message}`);
  }
  return redirect('/', {});
};
const userinfoOf = async (session) => {
  try {
    return await oidc.fetchUserInfo(await configuration(), session.tokens.access_token, session.claims.sub);
  } catch (error) {
    return { error: `${error.code ?? 'ERROR'}: ${error.message}` };
  }
};

// ── 7. Logout ────────────────────────────────────────────────────────────────────────────────
// Forget our session, then send the browser to the hub's end-session endpoint with the ID token as
// hint and our registered post-logout address: the hub asks the user to confirm, ends the hub
// session (every tool's) and comes back to /signed-out.
const logout = async (request) => {
  const session = sessionOf(request);
  const headers = endSession(request);
  if (!session?.tokens) return redirect('/signed-out', headers);
  const url = oidc.buildEndSessionUrl(await configuration(), {
    id_token_hint: session.tokens.id_token,
    post_logout_redirect_uri: POST_LOGOUT_URI,
  });
  return redirect(url.href, headers);
};

// ── 8. Pages (everything interpolated is escaped; no scripts at all) ─────────────────────────
const esc = (value) =>
  String(value ?? '').replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c],
  );
const json = (value) => esc(JSON.stringify(value, null, 2));
// The hub's look (slate on slate-50, white cards, the primary blue), one column from 320 px.
const STYLE = `*{box-sizing:border-box}html{-webkit-text-size-adjust:100%;text-size-adjust:100%}body{margin:0;background:#f8fafc;color:#0f172a;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif}header{display:flex;align-items:center;justify-content:space-between;gap:.75rem;flex-wrap:wrap;padding:.75rem 1rem;background:#fff;border-bottom:1px solid #e2e8f0}header a{font-weight:700;color:#0f172a;text-decoration:none}header span{font-size:.75rem;font-weight:600;text-transform:uppercase;letter-spacing:.04em;color:#475569;background:#f1f5f9;border-radius:999px;padding:.15rem .6rem}main{max-width:52rem;margin:0 auto;padding:1.5rem 1rem 3rem}h1{font-size:1.5rem;line-height:1.25;margin:0 0 .75rem}h2{font-size:1.125rem;margin:1.5rem 0 .5rem}p{margin:0 0 .75rem}a{color:#1d4ed8}code{font:.875em ui-monospace,Menlo,Consolas,monospace;background:#f1f5f9;border-radius:.25rem;padding:.05rem .3rem;overflow-wrap:anywhere}pre{white-space:pre-wrap;overflow-wrap:anywhere;font:.8125rem/1.5 ui-monospace,Menlo,Consolas,monospace;background:#fff;border:1px solid #e2e8f0;border-radius:.5rem;padding:.75rem;margin:0}.card{background:#fff;border:1px solid #e2e8f0;border-radius:1rem;padding:1.25rem;margin-bottom:1rem;overflow-wrap:anywhere}.actions{display:flex;flex-wrap:wrap;gap:.5rem;margin:0 0 1rem}.actions form{display:contents}.button{display:inline-flex;align-items:center;justify-content:center;min-height:2.5rem;padding:.4rem .9rem;border-radius:.5rem;font:inherit;font-weight:600;text-decoration:none;white-space:nowrap;border:1px solid #cbd5e1;color:#0f172a;background:#fff;cursor:pointer}.button.primary{background:#2563eb;border-color:#2563eb;color:#fff}.button:focus-visible{outline:3px solid #2563eb;outline-offset:2px}dl{display:grid;grid-template-columns:minmax(0,auto) minmax(0,1fr);gap:.35rem 1rem;margin:0 0 1rem}dt{color:#475569}dd{margin:0;overflow-wrap:anywhere}`;
const page = (status, title, body, headers = {}) => ({
  status,
  headers,
  html: `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${esc(title)}</title><style>${STYLE}</style></head><body><header><a href="/">OIDC example</a><span>Local relying party</span></header><main>${body}</main></body></html>`,
});
const redirect = (location, headers) => ({ status: 303, headers: { location, ...headers }, html: '' });

const homePage = async (session) => {
  if (!session?.tokens)
    return page(
      200,
      'OIDC example',
      `<div class="card"><h1>OIDC example</h1><p>A relying party of Account Hub at <code>${esc(HUB_URL)}</code> (client <code>${esc(CLIENT_ID)}</code>), signing in over standard OpenID Connect.</p><p class="actions"><a class="button primary" data-testid="oidc-sign-in" href="/login">Sign in with Account Hub</a><a class="button" data-testid="oidc-sign-in-mfa" href="/login?mfa=1">Sign in with a second factor</a></p><p>New here? <a data-testid="oidc-sign-up" href="/signup">Create an Account Hub account</a></p><p><a href="${esc(HUB_URL)}">Back to the hub</a></p></div>`,
    );
  const { claims, tokens, refreshes } = session;
  const userinfo = await userinfoOf(session);
  return page(
    200,
    'OIDC example: signed in',
    `<div class="card"><h1 data-testid="oidc-signed-in">Signed in with Account Hub</h1><dl><dt>Email</dt><dd data-testid="oidc-email">${esc(userinfo.email)}</dd><dt>sub</dt><dd data-testid="oidc-sub">${esc(claims.sub)}</dd><dt>Refreshes</dt><dd data-testid="oidc-refreshes">${esc(refreshes)}</dd><dt>Access token expires</dt><dd>${esc(new Date(Date.now() + (tokens.expiresIn() ?? 0) * 1000).toISOString())}</dd></dl><div class="actions"><form method="post" action="/refresh"><button class="button" data-testid="oidc-refresh" type="submit">Refresh the tokens</button></form><form method="post" action="/logout"><button class="button" data-testid="oidc-logout" type="submit">Log out</button></form><a class="button" href="${esc(`${HUB_URL}/account`)}">Account center</a><a class="button" href="${esc(HUB_URL)}">Back to the hub</a></div></div><h2>Verified ID token claims</h2><pre data-testid="oidc-claims">${json(claims)}</pre><h2>Userinfo</h2><pre data-testid="oidc-userinfo">${json(userinfo)}</pre>`,
  );
};

const errorPage = (status, title, detail) =>
  page(
    status,
    title,
    `<div class="card"><h1 data-testid="oidc-error">${esc(title)}</h1><p data-testid="oidc-error-detail">${esc(detail)}</p><p class="actions"><a class="button primary" href="/">Try again</a><a class="button" href="${esc(HUB_URL)}">Back to the hub</a></p></div>`,
  );

const signedOutPage = () =>
  page(
    200,
    'OIDC example: signed out',
    `<div class="card"><h1 data-testid="oidc-signed-out">You are signed out</h1><p>Of this example and of Account Hub.</p><p class="actions"><a class="button primary" href="/">Sign in again</a><a class="button" href="${esc(HUB_URL)}">Back to the hub</a></p></div>`,
  );

// ── 9. Routes ────────────────────────────────────────────────────────────────────────────────
const route = async (request, url) => {
  const get = request.method === 'GET' || request.method === 'HEAD';
  if (get && url.pathname === '/') return homePage(sessionOf(request));
  if (get && url.pathname === '/login') return startSignIn({ mfa: url.searchParams.has('mfa') });
  if (get && url.pathname === '/signup') return startSignIn({ signUp: true });
  if (get && url.pathname === '/callback') return receiveCallback(request, url);
  if (get && url.pathname === '/signed-out') return signedOutPage();
  // Refresh and logout change state: POST only, from our own pages (SameSite=Lax cookie).
  if (request.method === 'POST' && url.pathname === '/refresh') {
    const session = sessionOf(request);
    return session?.tokens ? refresh(session) : redirect('/', {});
  }
  if (request.method === 'POST' && url.pathname === '/logout') return logout(request);
  return page(404, 'Not found', '<h1>Not found</h1><p><a href="/">Back</a></p>');
};

const server = createServer(async (request, response) => {
  const url = new URL(request.url ?? '/', 'http://oidc-example.invalid');
  if (url.pathname === '/healthz') {
    response.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}');
    return;
  }
  request.resume();
  const result = await route(request, url).catch((error) => {
    console.error('oidc example: request failed', url.pathname, error);
    return page(
      502,
      'Something went wrong',
      `<h1 data-testid="oidc-error">Something went wrong</h1><p>${esc(error.message)}</p>`,
    );
  });
  response.writeHead(result.status, {
    'content-type': 'text/html; charset=utf-8',
    // form-action names the hub too: the Log out form's answer redirects to its end-session page,
    // and browsers check a form's redirects against form-action.
    'content-security-policy': `default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'self' ${new URL(HUB_URL).origin}; frame-ancestors 'none'`,
    // The callback URL holds a code: keep it out of Referer headers and caches.
    'referrer-policy': 'no-referrer',
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    ...result.headers,
  });
  response.end(request.method === 'HEAD' ? undefined : result.html);
});

server.listen(PORT, HOST, () =>
  console.info(`OIDC example on ${SELF_URL} (hub ${HUB_URL}, client ${CLIENT_ID})`),
);
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => {
    server.close(() => process.exit(0));
    server.closeIdleConnections();
    setTimeout(() => process.exit(0), 2000).unref();
  });
