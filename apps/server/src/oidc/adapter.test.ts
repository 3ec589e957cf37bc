import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HubDatabase } from '../storage/database.js';
import { migrateToLatest } from '../storage/migrate.js';
import { createOidcClientQueries, createOidcPayloadQueries } from '../storage/oidc.js';
import { createTestClock } from '../test-support/app.js';
import { createTestDatabase, testDialects } from '../test-support/databases.js';
import { createOidcAdapter } from './adapter.js';

describe.each(testDialects)('oidc-provider adapter on %s', (dialect) => {
  let database: HubDatabase;
  const clock = createTestClock();
  let Adapter: ReturnType<typeof createOidcAdapter>;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    await migrateToLatest(database);
    Adapter = createOidcAdapter({
      payloads: createOidcPayloadQueries(database.db),
      clients: createOidcClientQueries(database.db),
      now: clock.now,
    });
  });
  afterAll(async () => database.close());

  it('stores, replaces and finds a payload until it expires', async () => {
    const sessions = new Adapter('Session');
    await sessions.upsert('s1', { uid: 'u1', accountId: 'a' }, 60);
    await sessions.upsert('s1', { uid: 'u1', accountId: 'b' }, 60);
    expect(await sessions.find('s1')).toEqual({ uid: 'u1', accountId: 'b' });
    expect(await sessions.findByUid('u1')).toEqual({ uid: 'u1', accountId: 'b' });
    // Another model's row of the same id is another row.
    expect(await new Adapter('Interaction').find('s1')).toBeUndefined();
    clock.advance(61_000);
    expect(await sessions.find('s1')).toBeUndefined();
    expect(await sessions.findByUid('u1')).toBeUndefined();
  });

  it('finds by user code and keeps a payload without expiry', async () => {
    const devices = new Adapter('DeviceCode');
    await devices.upsert('d1', { userCode: 'ABCD-EFGH' });
    clock.advance(365 * 24 * 3600_000);
    expect(await devices.findByUserCode('ABCD-EFGH')).toEqual({ userCode: 'ABCD-EFGH' });
    await devices.destroy('d1');
    expect(await devices.findByUserCode('ABCD-EFGH')).toBeUndefined();
  });

  it('consumes once: a second consume, even racing, is refused and revokes the grant', async () => {
    const codes = new Adapter('AuthorizationCode');
    const tokens = new Adapter('RefreshToken');
    const grants = new Adapter('Grant');
    await grants.upsert('g1', { accountId: 'a' }, 600);
    await codes.upsert('c1', { grantId: 'g1' }, 60);
    await tokens.upsert('r1', { grantId: 'g1' }, 600);
    await tokens.upsert('r2', { grantId: 'other' }, 600);
    const results = await Promise.allSettled([codes.consume('c1'), codes.consume('c1'), codes.consume('c1')]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(results.filter((r) => r.status === 'rejected')).toHaveLength(2);
    expect(await tokens.find('r1')).toBeUndefined();
    expect(await grants.find('g1')).toBeUndefined();
    expect(await tokens.find('r2')).toEqual({ grantId: 'other' });
  });

  it('marks a consumed payload, and revokes by grant one model at a time', async () => {
    const tokens = new Adapter('RefreshToken');
    const access = new Adapter('AccessToken');
    await tokens.upsert('r3', { grantId: 'g3' }, 600);
    await access.upsert('a3', { grantId: 'g3' }, 600);
    await tokens.consume('r3');
    expect((await tokens.find('r3'))?.consumed).toBe(Math.floor(clock.now() / 1000));
    await tokens.revokeByGrantId('g3');
    expect(await tokens.find('r3')).toBeUndefined();
    expect(await access.find('a3')).toEqual({ grantId: 'g3' });
    await access.revokeByGrantId('g3');
    expect(await access.find('a3')).toBeUndefined();
  });

  it('reads clients from the registered clients, and refuses to write one', async () => {
    const clients = new Adapter('Client');
    expect(await clients.find('nobody')).toBeUndefined();
    await expect(clients.upsert('x', {})).rejects.toThrow();
  });
});
