import { authEndpoints, meSecurityEndpoints, workAccountEndpoints } from '@hub/core';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../config.js';
import { type HubDatabase, openDatabase } from '../storage/database.js';
import { ConnectionFault, classifiedFailure } from '../storage/faults.js';
import { migrateToLatest } from '../storage/migrate.js';
import { seedAccount } from '../test-support/accounts.js';
import { buildTestHub, createTestClock, setUpTestHub, type TestHub } from '../test-support/app.js';
import {
  browserFor,
  latestCode,
  signInWith,
  strongPassword,
  type TestBrowser,
} from '../test-support/client.js';
import { createTestDatabaseUrl } from '../test-support/database-url.js';
import { testDialects } from '../test-support/databases.js';
import { startTcpProxy, type TcpProxy } from '../test-support/tcp-proxy.js';
import { registerTools } from '../test-support/tools.js';

// Issue #33: a right code is taken in one transaction with its flow's move (and what the move
// does), so a database lost between the two leaves the code live and the flow where it was. Every
// flow that checks a code is cut there, on both databases; the same code then works.

/** A flow waiting for its code: how to submit it, and the state a right code moves the flow to. */
interface WaitingFlow {
  flowId: string;
  code: string;
  submit: () => Promise<LightMyRequestResponse>;
  /** The state the flow waits for its code in, and the one a right code moves it to. */
  waiting?: string;
  movedTo: string;
  /** What the move changes besides the flow, read now (an email change's address). */
  effect?: () => Promise<unknown>;
  effectBefore?: unknown;
  effectAfter?: unknown;
}

type Scenario = (hub: TestHub, n: number) => Promise<WaitingFlow>;

const verifyBy = (browser: TestBrowser, url: string, flowId: string, code: string) => () =>
  browser.post(url, { flowId, code });

const scenarios: Record<string, Scenario> = {
  'sign-up': async (hub, n) => {
    const browser = browserFor(hub, `192.0.2.${n}`);
    const email = `cut-signup${n}@example.ph`;
    const started = await browser.post(authEndpoints.signupStart, { platform: 'psl', account: email });
    expect(started.statusCode, started.body).toBe(200);
    const { flowId } = started.json();
    const code = await latestCode(hub, email);
    return {
      flowId,
      code,
      submit: verifyBy(browser, authEndpoints.signupVerify, flowId, code),
      movedTo: 'verified',
    };
  },
  reset: async (hub, n) => {
    const browser = browserFor(hub, `192.0.2.${n}`);
    const email = `cut-reset${n}@example.ph`;
    await seedAccount(hub, { email });
    const started = await browser.post(authEndpoints.resetStart, { platform: 'psl', account: email });
    expect(started.statusCode, started.body).toBe(200);
    const { flowId } = started.json();
    const code = await latestCode(hub, email);
    return {
      flowId,
      code,
      submit: verifyBy(browser, authEndpoints.resetVerify, flowId, code),
      movedTo: 'verified',
    };
  },
  'email change': async (hub, n) => {
    const browser = browserFor(hub, `192.0.2.${n}`);
    const email = `cut-old${n}@example.ph`;
    const newEmail = `cut-new${n}@example.ph`;
    const id = await seedAccount(hub, { email });
    await signInWith(browser, email);
    const started = await browser.post(meSecurityEndpoints.email, { newEmail, password: strongPassword });
    expect(started.statusCode, started.body).toBe(200);
    const { flowId } = started.json();
    const code = await latestCode(hub, newEmail);
    return {
      flowId,
      code,
      submit: verifyBy(browser, meSecurityEndpoints.emailVerify, flowId, code),
      movedTo: 'completed',
      effect: async () => (await hub.hub.accounts.findById(id))?.email,
      effectBefore: email,
      effectAfter: newEmail,
    };
  },
  'work account': async (hub, n) => {
    const owner = browserFor(hub, `192.0.2.${n}`);
    const invitee = browserFor(hub, `198.51.100.${n}`);
    const ownerEmail = `cut-owner${n}@example.ph`;
    const workEmail = `cut-staff${n}@example.ph`;
    await seedAccount(hub, { email: ownerEmail, platforms: ['biz'] });
    await signInWith(owner, ownerEmail, { platform: 'biz' });
    const invited = await owner.post(workAccountEndpoints.workAccountInvite, { email: workEmail });
    expect(invited.statusCode, invited.body).toBe(200);
    await hub.mailWorker.runOnce();
    const mail = hub.devMailbox?.latestFor(workEmail);
    const flowId = mail?.text.match(/verification\?invite=([A-Za-z0-9_-]+)/)?.[1];
    const code = mail?.text.match(/^ {4}(\d{6})$/m)?.[1];
    if (!flowId || !code) throw new Error(`no invitation was mailed to ${workEmail}`);
    return {
      flowId,
      code,
      submit: verifyBy(invitee, workAccountEndpoints.workAccountVerify, flowId, code),
      waiting: 'invited',
      movedTo: 'verified',
    };
  },
};

/** The flow's state and its newest code's use, read straight from the database. */
const stored = async (db: HubDatabase['db'], flowId: string) => {
  const flow = await db
    .selectFrom('flows')
    .select('state')
    .where('id', '=', flowId)
    .executeTakeFirstOrThrow();
  const code = await db
    .selectFrom('verification_codes')
    .select(['consumed_at', 'attempts'])
    .where('flow_id', '=', flowId)
    .orderBy('created_at', 'desc')
    .executeTakeFirstOrThrow();
  return { state: flow.state, consumed: code.consumed_at !== null, attempts: Number(code.attempts) };
};

const expectUnavailable = (res: LightMyRequestResponse) => {
  expect(res.statusCode, res.body).toBe(503);
  expect(res.json()).toMatchObject({ code: 'service.unavailable' });
};

/** Cut, then checked: nothing taken, nothing moved; the same code then goes through. */
const cutAndRetry = async (
  db: HubDatabase['db'],
  flow: WaitingFlow,
  cut: () => Promise<void>,
  retry: () => Promise<LightMyRequestResponse> = flow.submit,
) => {
  await cut();
  expect(await stored(db, flow.flowId)).toEqual({
    state: flow.waiting ?? 'code_sent',
    consumed: false,
    attempts: 0,
  });
  if (flow.effect) expect(await flow.effect()).toBe(flow.effectBefore);

  const again = await retry();
  expect(again.statusCode, again.body).toBe(200);
  expect(await stored(db, flow.flowId)).toMatchObject({ state: flow.movedTo, consumed: true });
  if (flow.effect) expect(await flow.effect()).toBe(flow.effectAfter);
};

const seedPlatforms = (hub: TestHub) =>
  registerTools(hub, [
    [13, 'Business'],
    [18, 'Personal'],
  ]);

describe.each(testDialects)('a code and its flow’s move, cut between them, on %s', (dialect) => {
  const ctx = setUpTestHub(dialect, { seed: seedPlatforms });

  it.each(Object.keys(scenarios))(
    '%s: the code stays live and the flow unmoved; the same code then works',
    async (name) => {
      const flow = await scenarios[name]!(ctx.hub, ctx.n);
      await cutAndRetry(ctx.db, flow, async () => {
        // The database goes away after the code's UPDATE answered and before the flow's: the
        // query's failure as the database layer raises it (storage/faults.ts).
        const transition = vi
          .spyOn(ctx.hub.hub.flows, 'transition')
          .mockRejectedValueOnce(classifiedFailure(new ConnectionFault('the connection was lost')));
        try {
          expectUnavailable(await flow.submit());
          expect(transition).toHaveBeenCalledTimes(1);
        } finally {
          transition.mockRestore();
        }
      });
    },
  );
});

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'a code and its flow’s move, the PostgreSQL connection cut between them',
  () => {
    let proxy: TcpProxy;
    let hub: TestHub;
    let direct: HubDatabase;
    let drop: () => Promise<void>;
    let n = 0;

    beforeAll(async () => {
      const created = await createTestDatabaseUrl('postgres');
      drop = created.drop;
      const migrating = openDatabase(created.url);
      await migrateToLatest(migrating);
      await migrating.close();
      direct = openDatabase(created.url, { poolSize: 2 });
      const target = new URL(created.url);
      proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
      const database = openDatabase(proxy.urlFor(created.url), {
        poolSize: 5,
        timeouts: { connectMs: 1_000, acquireMs: 1_000, statementMs: 1_000 },
      });
      const config = loadConfig({ APP_ENV: 'local', LOG_LEVEL: 'silent', RATE_LIMIT_SCALE: '1000' });
      hub = await buildTestHub(database, config, createTestClock(Date.now()));
      await seedPlatforms(hub);
    });
    afterAll(async () => {
      await hub?.close();
      await proxy?.close();
      await direct?.close();
      await drop?.();
    });

    it.each(Object.keys(scenarios))(
      '%s: the code stays live and the flow unmoved; the same code then works',
      async (name) => {
        n += 1;
        const flow = await scenarios[name]!(hub, n);
        await cutAndRetry(
          direct.db,
          flow,
          async () => {
            // The server ran the code's UPDATE; its answer is swallowed and the connection cut, mid-transaction.
            const cut = proxy.cutAfterAnswerTo('update "verification_codes"');
            expectUnavailable(await flow.submit());
            await cut;
          },
          // The pool may hand out a connection that died with the cut: retried until it is served.
          async () => {
            let res = await flow.submit();
            for (let i = 0; i < 10 && res.statusCode === 503; i += 1) res = await flow.submit();
            return res;
          },
        );
      },
    );
  },
);
