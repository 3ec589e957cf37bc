// The demo tool: a partner tool of Account Hub in one file, to read before writing your own.
// It sends people to the hub to sign in, receives them back on its callback, checks the signed
// `ainfo` it is given, redeems it once for the account and shows who signed in.
// Read it top to bottom; README.md beside it walks through the same steps.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import { Webhook } from 'standardwebhooks';

// ── 1. Configuration ─────────────────────────────────────────────────────────────────────────
const PORT = Number(process.env.PORT ?? 3001);
const HOST = process.env.HOST ?? '127.0.0.1';
// The hub's public origin: its PUBLIC_URL, which is also the `iss` of every ainfo.
const HUB_URL = (process.env.HUB_URL ?? 'http://localhost:3000').replace(/\/+$/, '');
if (!URL.canParse(HUB_URL)) throw new Error(`HUB_URL is not a URL: ${HUB_URL}`);
// A tool you registered with `npx hub tools add` (its credential carries its tid).
const TOOL_CREDENTIAL = process.env.TOOL_CREDENTIAL;
const TOOL_TID =
  Number(process.env.TOOL_TID ?? /^hubtool_(\d+)_/.exec(TOOL_CREDENTIAL ?? '')?.[1]) || undefined;
const TOOL_KEY = process.env.TOOL_KEY;

// The hub's local catalogue (APP_ENV=local seeds it): tid, name and one tsa key of each tool.
const tools = [
  [101, 'Marketplace', 'MP_SSO_RQX'],
  [201, 'Chat', 'PCHT_SSO_RQX'],
  [202, 'Shop', 'PFSHP_SSO_RQX'],
  [203, 'HR', 'PHRC_SSO_RQX'],
  [204, 'Jobs', 'PFJOB_SSO_RQX'],
  [205, 'Referral', 'PFREFERRAL_SSO_RQX'],
  [206, 'Pay & Share Wallet', 'PFPAYMESHARE_SSO_RQX'],
  [301, 'CPA Review', 'CPA_REVIEW_RQX'],
  [302, 'Partner Desk (restricted: members only, tool login)', 'PARTNER_DESK_RQX'],
  [303, 'Offline Tool (no local callback: the hub shows its error)', 'OFFLINE_TOOL_RQX'],
].map(([tid, name, key]) => ({ tid, name, key }));
if (TOOL_TID && TOOL_KEY) tools.unshift({ tid: TOOL_TID, name: `Your tool ${TOOL_TID}`, key: TOOL_KEY });

// Each tool proves who it is to the hub with its server credential. The seeded local tools share
// a fixed, local-only one; a tool registered by the operator gets a secret printed once.
const credentialOf = (tid) =>
  tid === TOOL_TID && TOOL_CREDENTIAL ? TOOL_CREDENTIAL : `hubtool_${tid}_local-demo-only`;

// ── 2. The hub's public keys ─────────────────────────────────────────────────────────────────
// Fetched on first use and cached; fetched again when a token names a key we have not seen
// (after `npx hub keys rotate`; the hub publishes a new key a minute before it signs with it).
// We wait at most 5 s between fetches: enough that a stream of junk tokens cannot make us hammer
// the hub.
const jwks = createRemoteJWKSet(new URL(`${HUB_URL}/.well-known/jwks.json`), { cooldownDuration: 5_000 });

// ── 3. Sending a user to the hub ─────────────────────────────────────────────────────────────
// `from` is your tsa key; `callback=local` picks the callback registered for the local environment
// (development, sandbox or sb; anything else means production). The hub never takes a URL from here.
// Links on our pages go through /start, which adds a fresh `state` for this browser (below).
const signInUrl = (key, authType, extra = {}) =>
  `/start?${new URLSearchParams({ from: key, auth_type: authType, ...extra })}`;

// `state`: a random value for this sign-in, kept in a cookie of ours and sent to the hub, which
// returns it untouched in the callback. A callback whose state is not this browser's cookie did
// not start here: someone is trying to sign this browser in with their own ainfo (login CSRF).
const STATE_COOKIE = 'demo_sso_state';
const startSignIn = (query) => {
  const state = randomBytes(24).toString('base64url');
  const params = new URLSearchParams({ callback: 'local', platform: 'personal' });
  for (const [name, value] of query) if (name !== 'state') params.set(name, value);
  params.set('state', state);
  return {
    status: 302,
    headers: {
      location: `${HUB_URL}/sso/rqx?${params}`,
      // Lax: sent on the hub's top-level redirect back to us, not on cross-site subrequests.
      'set-cookie': `${STATE_COOKIE}=${state}; Path=/; HttpOnly; SameSite=Lax; Max-Age=900`,
    },
    html: '',
  };
};
const cookieOf = (header, name) =>
  header
    ?.split(';')
    .map((part) => part.trim().split('='))
    .find(([key]) => key === name)?.[1];
const sameState = (a, b) =>
  typeof a === 'string' &&
  typeof b === 'string' &&
  a.length === b.length &&
  timingSafeEqual(Buffer.from(a), Buffer.from(b));

// ── 4. Receiving the user back ───────────────────────────────────────────────────────────────
const receiveCallback = async (tid, query, cookieHeader) => {
  // Everything but ainfo and our own state is context (spec §4: platform, tid, pricing, ref,
  // subcb, ref_a_frnd): show it, but never trust it as proof of anything.
  const received = new Map();
  for (const [name, value] of query)
    if (name !== 'ainfo' && name !== 'state') received.set(name, [...(received.get(name) ?? []), value]);
  const params = Object.fromEntries(
    [...received].map(([name, values]) => [name, values.length > 1 ? values : values[0]]),
  );
  const ainfo = query.get('ainfo');
  if (!ainfo) return signedOutPage(tid, params);

  // 0. This browser started this sign-in: the state came back and matches our cookie.
  if (!sameState(query.get('state'), cookieOf(cookieHeader, STATE_COOKIE)))
    return errorPage(
      403,
      'This sign-in was not started in this browser',
      'The callback’s state does not match the one this browser was given: the ainfo is not redeemed.',
      params,
    );

  // a. Verify: signed by the hub (ES256, a key from its JWKS), issued by HUB_URL, meant for this
  //    tool (aud tool:<tid>), and fresh (the hub gives it 120 s). A token for another tool fails here.
  let claims;
  try {
    ({ payload: claims } = await jwtVerify(ainfo, jwks, {
      issuer: HUB_URL,
      audience: `tool:${tid}`,
      algorithms: ['ES256'],
      maxTokenAge: '120s',
    }));
  } catch (error) {
    return errorPage(401, 'The ainfo did not verify', `${error.code ?? 'ERROR'}: ${error.message}`, params);
  }

  // b. Redeem it once, server to server, with the tool's credential: the hub answers with the
  //    account, and refuses a second redeem, so a token copied from a URL or a log is worth nothing.
  let response;
  let body;
  try {
    response = await fetch(`${HUB_URL}/api/tools/ainfo/redeem`, {
      method: 'POST',
      headers: { authorization: `Bearer ${credentialOf(tid)}`, 'content-type': 'application/json' },
      body: JSON.stringify({ ainfo }),
      signal: AbortSignal.timeout(5000),
    });
    body = await response.json().catch(() => ({}));
  } catch (error) {
    return errorPage(502, 'The hub could not be reached to redeem the ainfo', error.message, params);
  }
  if (!response.ok)
    return errorPage(
      401,
      'The hub refused to redeem the ainfo',
      `${response.status} ${body.code ?? 'no code'}: ${body.message ?? 'no message'}`,
      params,
    );
  if (body.account?.aid !== claims.aid)
    return errorPage(502, 'The hub redeemed a different account', `expected ${claims.aid}`, params);

  // c. Signed in. A real tool would now start its own session (a cookie) and redirect to a clean
  //    URL without ainfo; the demo shows what it received instead.
  return signedInPage(tid, body.account, claims, params);
};

// ── 5. Pages (everything interpolated is escaped; no scripts at all) ─────────────────────────
const esc = (value) =>
  String(value ?? '').replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c],
  );
const json = (value) => esc(JSON.stringify(value, null, 2));
const toolName = (tid) => tools.find((tool) => tool.tid === tid)?.name ?? `Tool ${tid}`;
// The hub's look (slate on slate-50, white cards, the primary blue), one column from 320 px.
const STYLE = `*{box-sizing:border-box}html{-webkit-text-size-adjust:100%;text-size-adjust:100%}body{margin:0;background:#f8fafc;color:#0f172a;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif}header{display:flex;align-items:center;justify-content:space-between;gap:.75rem;flex-wrap:wrap;padding:.75rem 1rem;background:#fff;border-bottom:1px solid #e2e8f0}header a{font-weight:700;color:#0f172a;text-decoration:none}header span{font-size:.75rem;font-weight:600;text-transform:uppercase;letter-spacing:.04em;color:#475569;background:#f1f5f9;border-radius:999px;padding:.15rem .6rem}main{max-width:52rem;margin:0 auto;padding:1.5rem 1rem 3rem}h1{font-size:1.5rem;line-height:1.25;margin:0 0 .75rem}h2{font-size:1.125rem;margin:1.5rem 0 .5rem}p{margin:0 0 .75rem}a{color:#1d4ed8}code{font:.875em ui-monospace,Menlo,Consolas,monospace;background:#f1f5f9;border-radius:.25rem;padding:.05rem .3rem;overflow-wrap:anywhere}pre{white-space:pre-wrap;overflow-wrap:anywhere;font:.8125rem/1.5 ui-monospace,Menlo,Consolas,monospace;background:#fff;border:1px solid #e2e8f0;border-radius:.5rem;padding:.75rem;margin:0}.card{background:#fff;border:1px solid #e2e8f0;border-radius:1rem;padding:1.25rem;margin-bottom:1rem;overflow-wrap:anywhere}ul.tools{list-style:none;margin:0 0 1rem;padding:0;display:grid;gap:.5rem}ul.tools li{display:flex;flex-wrap:wrap;align-items:center;gap:.5rem 1rem;background:#fff;border:1px solid #e2e8f0;border-radius:.75rem;padding:.75rem 1rem}ul.tools .name{flex:1 1 12rem;min-width:0}ul.tools .name small{display:block;color:#475569}.actions{display:flex;flex-wrap:wrap;gap:.5rem}.button{display:inline-flex;align-items:center;justify-content:center;min-height:2.5rem;padding:.4rem .9rem;border-radius:.5rem;font-weight:600;text-decoration:none;white-space:nowrap;border:1px solid #cbd5e1;color:#0f172a;background:#fff}.button.primary{background:#2563eb;border-color:#2563eb;color:#fff}.button:focus-visible{outline:3px solid #2563eb;outline-offset:2px}dl{display:grid;grid-template-columns:minmax(0,auto) minmax(0,1fr);gap:.35rem 1rem;margin:0 0 1rem}dt{color:#475569}dd{margin:0;overflow-wrap:anywhere}`;
const page = (status, title, body) => ({
  status,
  html: `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${esc(title)}</title><style>${STYLE}</style></head><body><header><a href="/">Demo tool</a><span>Local partner tool</span></header><main>${body}</main></body></html>`,
});
const logoutLink = (tid) =>
  `<a class="button" data-testid="tool-logout" href="${esc(`${HUB_URL}/sso/logout?${new URLSearchParams({ tid, callback: 'local' })}`)}">Sign out of the hub (single logout)</a>`;
/** Where to go next from a result page: the hub's account center, the tools, the hub. */
const nextSteps = (extra = '') =>
  `<nav class="actions" aria-label="Next steps">${extra}<a class="button" href="${esc(`${HUB_URL}/account`)}">Account center</a><a class="button" href="/">All tools</a><a class="button" href="${esc(HUB_URL)}">Back to the hub</a></nav>`;

const homePage = () => {
  const rows = tools.map(
    ({ tid, name, key }) =>
      `<li><span class="name">${esc(name)}<small>tid ${esc(tid)} · <code>${esc(key)}</code></small></span><span class="actions"><a class="button primary" data-testid="sign-in-${tid}" href="${esc(signInUrl(key, 'login'))}">Sign in</a><a class="button" data-testid="sign-up-${tid}" href="${esc(signInUrl(key, 'registration'))}">Sign up</a></span></li>`,
  );
  const checkout = signInUrl('MP_MARKET_CHECKOUT_SSO_RQX', 'login', {
    tid: '101',
    pricing: 'monthly',
    subcb: 'plans',
  });
  return page(
    200,
    'Demo tool',
    `<h1>Demo tool</h1><p>Sign in through Account Hub at <code>${esc(HUB_URL)}</code> as one of these tools of the local catalogue:</p><ul class="tools">${rows.join('')}</ul><p><a data-testid="checkout-101" href="${esc(checkout)}">Marketplace checkout (pricing and subcb)</a></p><p><a href="/events">Events received from the hub</a></p><p><a href="${esc(HUB_URL)}">Back to the hub</a></p>`,
  );
};

const signedInPage = (tid, account, claims, params) =>
  page(
    200,
    `${toolName(tid)}: signed in`,
    `<div class="card"><h1 data-testid="tool-signed-in">Signed in to ${esc(toolName(tid))}</h1><dl><dt>Account</dt><dd data-testid="tool-account">${esc(account.email)}</dd><dt>aid</dt><dd data-testid="tool-aid">${esc(account.aid)}</dd><dt>Verified</dt><dd>${esc(account.verified)}</dd><dt>Platforms</dt><dd>${esc((account.platforms ?? []).join(', '))}</dd><dt>State</dt><dd data-testid="tool-state">matches this browser</dd></dl>${nextSteps(logoutLink(tid))}</div><h2>Callback parameters (ainfo left out)</h2><pre data-testid="tool-params">${json(params)}</pre><h2>Verified ainfo claims</h2><pre data-testid="tool-claims">${json(claims)}</pre>`,
  );

const signedOutPage = (tid, params) =>
  page(
    200,
    `${toolName(tid)}: not signed in`,
    `<div class="card"><h1 data-testid="tool-signed-out">Not signed in to ${esc(toolName(tid))}</h1><p>The hub sent no ainfo (after a sign-out it does not).</p>${nextSteps()}</div><h2>Callback parameters</h2><pre data-testid="tool-params">${json(params)}</pre>`,
  );

const errorPage = (status, title, detail, params) =>
  page(
    status,
    title,
    `<div class="card"><h1 data-testid="tool-error">${esc(title)}</h1><p data-testid="tool-error-detail">${esc(detail)}</p>${nextSteps()}</div><h2>Callback parameters</h2><pre data-testid="tool-params">${json(params)}</pre>`,
  );

// ── 5b. Events from the hub (webhooks) ─────────────────────────────────────────────────────
// The operator registers an endpoint for this tool (`npx hub webhooks add --tid … --url
// http://localhost:3001/hub-events`) and gives us its secret (HUB_WEBHOOK_SECRET, whsec_…). Each
// delivery is checked with the Standard Webhooks library on the raw body: the signature and a
// timestamp within five minutes. `webhook-id` is the event's id: a repeat is acknowledged, not
// applied twice. A real tool would keep them in its database and act on them (erase the person
// on account.deleted, end its session on session.ended).
const WEBHOOK_SECRET = process.env.HUB_WEBHOOK_SECRET;
const hooks = WEBHOOK_SECRET ? new Webhook(WEBHOOK_SECRET) : undefined;
const received = [];
const MAX_EVENT_BYTES = 64 * 1024;

const readBody = (request) =>
  new Promise((resolve, reject) => {
    const chunks = [];
    let size = 0;
    request.on('data', (chunk) => {
      size += chunk.length;
      if (size > MAX_EVENT_BYTES) request.destroy(new Error('event too large'));
      else chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });

const receiveEvent = async (request) => {
  const text = (status) => ({ status, headers: { 'content-type': 'text/plain' }, html: '' });
  if (!hooks) return text(503); // no secret configured: the hub retries later
  const body = await readBody(request);
  let event;
  try {
    event = hooks.verify(body, request.headers);
  } catch (error) {
    console.warn('demo tool: refused an event:', error.message);
    return text(400);
  }
  const id = request.headers['webhook-id'];
  if (!received.some((r) => r.id === id)) {
    received.unshift({ id, at: new Date().toISOString(), event });
    received.length = Math.min(received.length, 50);
    console.info('demo tool: event', event.type, event.data?.account_id);
  }
  return text(204);
};

const eventsPage = () =>
  page(
    200,
    'Events from the hub',
    `<h1>Events from the hub</h1><p>${hooks ? 'Verified with HUB_WEBHOOK_SECRET; the latest 50, newest first.' : 'Set HUB_WEBHOOK_SECRET to receive events at <code>POST /hub-events</code>.'}</p><table data-testid="tool-events"><tr><th>received</th><th>type</th><th>account</th><th>webhook-id</th></tr>${received
      .map(
        (r) =>
          `<tr><td>${esc(r.at)}</td><td>${esc(r.event.type)}</td><td>${esc(r.event.data?.account_id)}</td><td><code>${esc(r.id)}</code></td></tr>`,
      )
      .join('')}</table><p><a href="/">Back</a></p>`,
  );

// ── 6. Routes ────────────────────────────────────────────────────────────────────────────────
// Callbacks: /t/<tid>[/prefix]/sso/account/auth and /t/<tid>/subscription/checkout/rqx (the
// hub's local catalogue registers these), and /sso/account/auth for TOOL_TID.
const callbackPath = /^\/t\/(\d{1,9})(?:(?:\/[\w-]+)*\/sso\/account\/auth|\/subscription\/checkout\/rqx)$/;

const route = async (url, cookieHeader) => {
  if (url.pathname === '/') return homePage();
  if (url.pathname === '/start') return startSignIn(url.searchParams);
  if (url.pathname === '/events') return eventsPage();
  const match = callbackPath.exec(url.pathname);
  if (match) return receiveCallback(Number(match[1]), url.searchParams, cookieHeader);
  if (url.pathname === '/sso/account/auth' && TOOL_TID)
    return receiveCallback(TOOL_TID, url.searchParams, cookieHeader);
  return page(404, 'Not found', '<h1>Not found</h1><p><a href="/">Back</a></p>');
};

const server = createServer(async (request, response) => {
  const url = new URL(request.url ?? '/', 'http://demo-tool.invalid');
  if (url.pathname === '/healthz') {
    response.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}');
    return;
  }
  let result;
  if (url.pathname === '/hub-events' && request.method === 'POST')
    result = await receiveEvent(request).catch(() => page(400, 'Bad event', ''));
  else if (request.method !== 'GET' && request.method !== 'HEAD')
    result = page(405, 'Method not allowed', '<h1>GET only</h1>');
  else
    result = await route(url, request.headers.cookie).catch((error) => {
      console.error('demo tool: request failed', request.url?.split('?')[0], error);
      return page(500, 'Something went wrong', '<h1 data-testid="tool-error">Something went wrong</h1>');
    });
  response.writeHead(result.status, {
    'content-type': 'text/html; charset=utf-8',
    'content-security-policy':
      "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    // The callback URL holds ainfo: keep it out of Referer headers and caches.
    'referrer-policy': 'no-referrer',
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    ...result.headers,
  });
  response.end(request.method === 'HEAD' ? undefined : result.html);
});

server.listen(PORT, HOST, () => console.info(`Demo tool on http://localhost:${PORT} (hub ${HUB_URL})`));
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => {
    server.close(() => process.exit(0));
    server.closeIdleConnections();
    setTimeout(() => process.exit(0), 2000).unref();
  });
