import { defaultToolId, platformApiEndpoints } from '@hub/core';
import { describe, expect, it } from 'vitest';
import { platformOfTool } from '../sso/server-caller.js';
import { seedAccount } from '../test-support/accounts.js';
import { setUpTestHub } from '../test-support/app.js';
import { testDialects } from '../test-support/databases.js';
import { expectRefusal } from '../test-support/refusals.js';
import { registerTools } from '../test-support/tools.js';

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
  let credentials: Record<number, string> = {};
  const ctx = setUpTestHub(dialect, {
    seed: async (hub) => {
      const tids = [defaultToolId('psl', 'local'), defaultToolId('biz', 'local'), 201, 202];
      credentials = await registerTools(
        hub,
        tids.map((tid) => [tid, `Tool ${tid}`]),
      );
    },
  });
  const email = () => `read${ctx.n}@example.ph`;

  const read = (aid: string, credential?: string) =>
    ctx.hub.app.inject({
      method: 'GET',
      url: `${platformApiEndpoints.accountRead}?aid=${encodeURIComponent(aid)}`,
      headers: credential ? { authorization: `Bearer ${credential}` } : {},
    });

  it('answers a platform about its members: verified and the account fields', async () => {
    const id = await seedAccount(ctx.hub, {
      email: email(),
      platforms: ['biz', 'psl'],
      mobile: '9171234567',
      username: `juan${ctx.n}`,
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
      username: `juan${ctx.n}`,
      home_platform: 'biz',
      platforms: ['psl', 'biz'],
      ut: 2,
      u_type: 1,
    });
    expect((await read(id, credentials[18])).statusCode).toBe(200);
  });

  it('hides an account from a platform it is not a member of, as if it did not exist', async () => {
    const id = await seedAccount(ctx.hub, { email: email(), platforms: ['psl'] });
    const hidden = await read(id, credentials[13]);
    expectRefusal(hidden, 404, {
      code: 'account.not_found',
      message: 'Account does not exist',
      field: 'aid',
    });
    expect((await read('no-such-account', credentials[13])).json()).toEqual(hidden.json());
  });

  it('answers a tool only about accounts that signed in to it', async () => {
    const id = await seedAccount(ctx.hub, { email: email(), platforms: ['psl'] });
    expect((await read(id, credentials[201])).statusCode).toBe(404);
    await ctx.hub.hub.tools.addMember(201, id, ctx.hub.clock.now());
    const res = await read(id, credentials[201]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ aid: id, verified: 1, platforms: ['psl'] });
    expect((await read(id, credentials[202])).statusCode).toBe(404);
  });

  it('needs a credential the registry holds', async () => {
    const id = await seedAccount(ctx.hub, { email: email(), platforms: ['biz'] });
    for (const credential of [
      undefined,
      'hubtool_13_wrong-secret-here',
      credentials[13]!.replace('hubtool_13', 'hubtool_18'),
    ]) {
      const res = await read(id, credential);
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('tool.unauthorized');
    }
    const basic = await ctx.hub.app.inject({
      method: 'GET',
      url: `${platformApiEndpoints.accountRead}?aid=${id}`,
      headers: { authorization: `Basic ${credentials[13]}` },
    });
    expect(basic.statusCode).toBe(401);
    expect((await read('not an id', credentials[13])).statusCode).toBe(400);
  });
});
