import { readFileSync } from 'node:fs';
import { createBenchDatabase, seedDatabase, accountEmail, BENCH_PASSWORD, BENCH_DEVICE_COOKIE } from './lib/setup.mjs';
import { dist } from './lib/paths.mjs';
const loopNs = () => Number(readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ')[0]);
const db = await createBenchDatabase('sqlite');
await seedDatabase(db.url, { accounts: 4 });
const { loadConfig } = await import(dist('config.js'));
const { openDatabase } = await import(dist('storage/database.js'));
const { buildApp } = await import(dist('app.js'));
const config = loadConfig({ APP_ENV: 'production', LOG_LEVEL: 'silent', DATABASE_URL: db.url, RATE_LIMIT_SCALE: '1000000', PORT: '3999', PUBLIC_URL: 'https://id.bench.example', SMTP_URL: 'smtp://127.0.0.1:2599', MAIL_FROM: 'Hub <a@b.example>', PSL_URL: 'https://psl.example.com', BIZ_URL: 'https://biz.example.com', KEY_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64') });
const database = openDatabase(db.url);
const { app } = await buildApp({ config, database, logger: false });
await app.ready();
const headers = { accept: 'application/json', 'content-type': 'application/json', origin: 'https://id.bench.example', 'sec-fetch-site': 'same-origin', 'user-agent': 'hub-bench' };
const login = async () => {
  const a = await app.inject({ method: 'POST', url: '/api/login/identify', headers: { ...headers, cookie: BENCH_DEVICE_COOKIE }, payload: { platform: 'psl', account: accountEmail(0) } });
  if (a.statusCode !== 200) throw new Error(a.body);
  const fb = a.cookies.find((c) => c.name.includes('hub_fb'));
  const b = await app.inject({ method: 'POST', url: '/api/login/password', headers: { ...headers, cookie: `${fb.name}=${fb.value}; ${BENCH_DEVICE_COOKIE}` }, payload: { flowId: a.json().flowId, password: BENCH_PASSWORD } });
  if (b.statusCode !== 200) throw new Error(b.body);
};
// 4 logins in flight at once (hashes on two threads, as under load)
const N = Number(process.env.N ?? 400);
for (let i = 0; i < 50; i++) await Promise.all([login(), login(), login(), login()]);
const results = [];
for (let r = 0; r < 5; r++) {
  const t0 = loopNs();
  for (let i = 0; i < N / 4; i++) await Promise.all([login(), login(), login(), login()]);
  results.push((loopNs() - t0) / 1000 / N);
}
console.log(process.env.LABEL ?? '', 'event-loop µs per login', results.map((x) => x.toFixed(0)).join(' / '));
await app.close(); await database.close(); await db.drop();
