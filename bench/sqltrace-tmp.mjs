import Database from 'better-sqlite3';
import { createBenchDatabase, seedDatabase, accountEmail, BENCH_PASSWORD, BENCH_DEVICE_COOKIE } from './lib/setup.mjs';
import { dist } from './lib/paths.mjs';
const stats = new Map();
const proto = Object.getPrototypeOf(new Database(':memory:').prepare('select 1'));
for (const m of ['run', 'all', 'get']) {
  const orig = proto[m];
  proto[m] = function (...a) { const t = process.hrtime.bigint(); try { return orig.apply(this, a); } finally { const d = Number(process.hrtime.bigint() - t) / 1000; const k = this.source; const s = stats.get(k) ?? { n: 0, us: 0 }; s.n++; s.us += d; stats.set(k, s); } };
}
const db = await createBenchDatabase('sqlite');
await seedDatabase(db.url, { accounts: 4 });
const { loadConfig } = await import(dist('config.js'));
const { openDatabase } = await import(dist('storage/database.js'));
const { buildApp } = await import(dist('app.js'));
const config = loadConfig({ APP_ENV: 'production', LOG_LEVEL: 'silent', DATABASE_URL: db.url, RATE_LIMIT_SCALE: '1000', PORT: '3999', PUBLIC_URL: 'https://id.bench.example', SMTP_URL: 'smtp://127.0.0.1:2599', MAIL_FROM: 'Hub <a@b.example>', PSL_URL: 'https://psl.example.com', BIZ_URL: 'https://biz.example.com', KEY_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64') });
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
for (let i = 0; i < 20; i++) await login();
stats.clear();
const N = Number(process.env.N ?? 200);
const c0 = process.cpuUsage();
for (let i = 0; i < N; i++) await login();
const c = process.cpuUsage(c0);
let total = 0, count = 0;
for (const [k, s] of [...stats].sort((a, b) => b[1].us - a[1].us)) { total += s.us; count += s.n; console.log((s.us / N).toFixed(1).padStart(7), 'µs', (s.n / N).toFixed(2), '×', k.replace(/\s+/g, ' ').slice(0, 150)); }
console.log('statements per login', (count / N).toFixed(1), 'µs', (total / N).toFixed(0), 'process cpu per login (incl. hash)', ((c.user + c.system) / 1000 / N).toFixed(2), 'ms');
await app.close(); await database.close(); await db.drop();
