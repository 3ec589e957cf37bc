// The floor of a two-request login on this machine: what the hub's login (identify, then password)
// would cost with nothing around the hash. A bare node:http server, no framework, no database, no
// cookies checked, no session written: `POST /identify` answers a flow id from a Map and sets a
// cookie, `POST /password` parses the body and runs the same Argon2id verify as the hub (a hash made
// by the hub's own hashPassword; @node-rs/argon2 reads the parameters from it) in the same libuv pool.
// With `hash: 'hub'` it verifies with the hub's own Argon2id (@hub/argon2, packages/argon2) instead
// of @node-rs/argon2: the floor a login of this shape would have with the hub's hash.
// Started like a hub process (same pool size and NODE_OPTIONS). It is no identity product: it is
// the bench's measure of what HTTP, JSON and the load generator cost beside the hash, so that the
// hub's figures can be read against the least any login of this shape can cost
// (docs/performance.md, "What bounds the login").
//
//   node bench/lib/floor-server.mjs <password> [library|hub]
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { dist } from './paths.mjs';
import { startPeerProcess } from './peer-process.mjs';

/** Starts the server in its own process; resolves with its URL, its pid and `stop()`. */
export const startFloor = ({ password, env, hash = 'library' }) =>
  startPeerProcess({
    name: `floor server (${hash})`,
    script: new URL(import.meta.url).pathname,
    args: [password, hash],
    env,
  });

if (process.argv[1] === new URL(import.meta.url).pathname) {
  const [password, hash = 'library'] = process.argv.slice(2);
  const { hashPassword } = await import(dist('services/passwords.js'));
  const { verify } =
    hash === 'hub' ? (await import('@hub/argon2')).default.addon : await import('@node-rs/argon2');
  const stored = await hashPassword(password);
  const flows = new Map();
  const answer = (res, status, body, headers = {}) => {
    const text = JSON.stringify(body);
    res.writeHead(status, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(text),
      ...headers,
    });
    res.end(text);
  };
  const server = createServer((req, res) => {
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', async () => {
      let body;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        return answer(res, 400, { code: 'bad_json' });
      }
      if (typeof body !== 'object' || body === null) return answer(res, 400, { code: 'bad_json' });
      if (req.url === '/identify') {
        const flowId = randomUUID();
        flows.set(flowId, body.account);
        return answer(
          res,
          200,
          { flowId, next: 'password' },
          { 'set-cookie': `hub_fb=${flowId}; Path=/; HttpOnly` },
        );
      }
      if (req.url === '/password') {
        if (!flows.delete(body.flowId)) return answer(res, 404, { code: 'flow_not_found' });
        const ok = await verify(stored, body.password);
        return ok ? answer(res, 200, { next: 'done' }) : answer(res, 401, { code: 'wrong_password' });
      }
      return answer(res, 404, { code: 'not_found' });
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  process.on('SIGTERM', () => server.close(() => process.exit(0)));
  process.stdout.write(`ready ${server.address().port}\n`);
}
