import { readFileSync } from 'node:fs';
import { authEndpoints } from '@hub/core';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';
import { DAY_MS, HOUR_MS, policy } from './policy.js';
import { seedAccount } from './test-support/accounts.js';
import { setUpTestHub } from './test-support/app.js';
import { strongPassword } from './test-support/client.js';
import { testDialects } from './test-support/databases.js';

describe('policy', () => {
  it('says in a comment what each of its values affects', () => {
    const source = readFileSync(new URL('./policy.ts', import.meta.url), 'utf8');
    const names = [...Object.keys(policy), ...Object.keys(policy.throttle)].filter(
      (name) => name !== 'throttle',
    );
    const undocumented = names.filter((name) => !new RegExp(`\\*/\\n\\s+${name}: `).test(source));
    expect(undocumented).toEqual([]);
  });

  it('keeps every duration in whole milliseconds', () => {
    const durations = Object.entries(policy).filter((entry): entry is [string, number] =>
      entry[0].endsWith('Ms'),
    );
    for (const [name, value] of durations)
      expect([name, Number.isInteger(value) && value > 0]).toEqual([name, true]);
    for (const rule of Object.values(policy.throttle)) expect(rule.windowMs % 1000).toBe(0);
  });

  it('gives the overridable variables their defaults from the policy', () => {
    const config = loadConfig({});
    expect(config.sessionTtlMs).toBe(policy.sessionTtlMs);
    expect(config.sessionTtlMs).toBe(30 * DAY_MS);
    expect(config.auditRetentionDays * DAY_MS).toBe(policy.auditRetentionMs);
    expect(config.cleanupIntervalMinutes * 60_000).toBe(policy.cleanupIntervalMs);
    expect(loadConfig({ SESSION_TTL_HOURS: '12' }).sessionTtlMs).toBe(12 * HOUR_MS);
    for (const bad of ['0', '-1', '1.5', 'a week', String(367 * 24)]) {
      expect(() => loadConfig({ SESSION_TTL_HOURS: bad })).toThrow(/SESSION_TTL_HOURS/);
    }
  });
});

describe.each(testDialects)('SESSION_TTL_HOURS on %s', (dialect) => {
  const ctx = setUpTestHub(dialect, { network: '203.0.113', env: { SESSION_TTL_HOURS: '8' } });

  it('sets how long the session a sign-in starts lasts, in its cookie and its row', async () => {
    const email = `ttl${ctx.n}@example.ph`;
    const accountId = await seedAccount(ctx.hub, { email });
    const first = await ctx.browser.post(authEndpoints.loginIdentify, { platform: 'psl', account: email });
    const done = await ctx.browser.post(authEndpoints.loginPassword, {
      flowId: first.json().flowId,
      password: strongPassword,
    });
    expect(done.statusCode).toBe(200);
    expect(done.cookies.find((c) => c.name === 'hub_session')?.maxAge).toBe(8 * 3600);
    const session = await ctx.db
      .selectFrom('sessions')
      .select(['created_at', 'expires_at'])
      .where('account_id', '=', accountId)
      .executeTakeFirstOrThrow();
    expect(Number(session.expires_at) - Number(session.created_at)).toBe(8 * HOUR_MS);
  });
});
