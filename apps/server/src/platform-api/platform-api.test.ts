import { defaultToolId, switchingEndpoints } from '@hub/core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { newToolCredential } from '../sso/credentials.js';
import { seedAccount } from '../test-support/accounts.js';
import { createTestHub, type TestHub } from '../test-support/app.js';
import { testDialects } from '../test-support/databases.js';
import { platformOfTool } from './platform-caller.js';

describe('platformOfTool', () => {
  it('knows the platforms by their default tool ids in each environment, and nothing else', () => {
    expect(platformOfTool(18, 'local')).toBe('psl');
    expect(platformOfTool(13, 'sandbox')).toBe('biz');
    expect(platformOfTool(102, 'production')).toBe('psl');
    expect(platformOfTool(103, 'production')).toBe('biz');
    expect(platformOfTool(13, 'production')).toBeUndefined();
    expect(platformOfTool(103, 'local')).toBeUndefined();
    expect(platformOfTool(201, 'local')).toBeUndefined();
    expect(platformOfTool(0, 'local')).toBeUndefined();
  });
});

describe.each(testDialects)('account/read (spec §7) on %s', (dialect) => {
  let hub: TestHub;
  let n = 0;
  const credentials: Record<number, string> = {};
  const email = () => `read${n}@example.ph`;

  beforeAll(async () => {
    hub = await createTestHub(dialect);
    const now = hub.clock.now();
    for (const tid of [defaultToolId('psl', 'local'), defaultToolId('biz', 'local'), 201, 202]) {
      const { credential, hash } = newToolCredential(tid);
      credentials[tid] = credential;
      await hub.hub.tools.insert({
        tid,
        name: `Tool ${tid}`,
        type: 1,
        logo: null,
        path_prefix: '',
        credential_hash: hash,
        created_at: now,
        updated_at: now,
      });
    }
  });
  afterAll(async () => hub?.close());
  beforeEach(() => {
    n += 1;
  });

  const read = (aid: string, credential?: string) =>
    hub.app.inject({
      method: 'GET',
      url: `${switchingEndpoints.accountRead}?aid=${encodeURIComponent(aid)}`,
      headers: credential ? { authorization: `Bearer ${credential}` } : {},
    });

  it('answers a platform about its members: verified and the account fields', async () => {
    const id = await seedAccount(hub, {
      email: email(),
      platforms: ['biz', 'psl'],
      mobile: '9171234567',
      username: `juan${n}`,
      userType: 2,
    });
    const res = await read(id, credentials[13]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({
      verified: 1,
      aid: id,
      email: email(),
      mobile_num: '9171234567',
      username: `juan${n}`,
      home_platform: 'biz',
      platforms: ['psl', 'biz'],
      ut: 2,
      u_type: 1,
    });
    expect((await read(id, credentials[18])).statusCode).toBe(200);
  });

  it('hides an account from a platform it is not a member of, as if it did not exist', async () => {
    const id = await seedAccount(hub, { email: email(), platforms: ['psl'] });
    const hidden = await read(id, credentials[13]);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toEqual({
      code: 'account.not_found',
      message: 'Account does not exist',
      field: 'aid',
    });
    expect((await read('no-such-account', credentials[13])).json()).toEqual(hidden.json());
  });

  it('answers a tool only about accounts that signed in to it', async () => {
    const id = await seedAccount(hub, { email: email(), platforms: ['psl'] });
    expect((await read(id, credentials[201])).statusCode).toBe(404);
    await hub.hub.tools.addMember(201, id, hub.clock.now());
    const res = await read(id, credentials[201]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ aid: id, verified: 1, platforms: ['psl'] });
    expect((await read(id, credentials[202])).statusCode).toBe(404);
  });

  it('needs a credential the registry holds', async () => {
    const id = await seedAccount(hub, { email: email(), platforms: ['biz'] });
    for (const credential of [
      undefined,
      'hubtool_13_wrong-secret-here',
      credentials[13]!.replace('hubtool_13', 'hubtool_18'),
    ]) {
      const res = await read(id, credential);
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('tool.unauthorized');
    }
    const basic = await hub.app.inject({
      method: 'GET',
      url: `${switchingEndpoints.accountRead}?aid=${id}`,
      headers: { authorization: `Basic ${credentials[13]}` },
    });
    expect(basic.statusCode).toBe(401);
    expect((await read('not an id', credentials[13])).statusCode).toBe(400);
  });
});
