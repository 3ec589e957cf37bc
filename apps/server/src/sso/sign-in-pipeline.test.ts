import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Hub } from '../hub.js';
import { seedAccount } from '../test-support/accounts.js';
import { createTestHub, type TestHub } from '../test-support/app.js';
import { testDialects } from '../test-support/databases.js';
import {
  createSignInPipeline,
  SIGN_IN_STEPS,
  type SignInOutcome,
  type SignInRequest,
  type SignInSteps,
} from './complete-sign-in.js';

/** Steps that record the order they run in and answer as a platform sign-in would. */
const recordingSteps = (ran: string[], stopForSecondFactor = false): SignInSteps => ({
  platformRules: async () => {
    ran.push('platformRules');
  },
  secondFactor: async () => {
    ran.push('secondFactor');
    if (!stopForSecondFactor) return undefined;
    return {
      cookies: [{ name: 'hub_fb', value: 'binding', options: { path: '/' } }],
      nextStep: {
        next: 'second_factor',
        flowId: 'flow',
        methods: ['totp'],
        location: '/psl/login?step2=flow',
      },
    };
  },
  toolAccess: async () => {
    ran.push('toolAccess');
    throw new Error('no tool session in this sign-in');
  },
  oidcReturn: async () => {
    ran.push('oidcReturn');
    return '/oidc/resume';
  },
  exit: async () => {
    ran.push('exit');
    return { location: 'https://psl.example/sso/account/auth?ainfo=x' };
  },
  session: async () => {
    ran.push('session');
    return [{ name: 'hub_session', value: 'token', options: { path: '/', httpOnly: true } }];
  },
});

const request: SignInRequest = {
  ip: '203.0.113.9',
  requestId: 'req-pipeline',
  userAgent: 'test',
  cookies: {},
  session: async () => undefined,
  tools: { byTid: async () => undefined, byKey: async () => undefined },
};

describe('the sign-in pipeline is built with every step (fails closed)', () => {
  it('does not compile, and does not start, without its second-factor step', () => {
    const { secondFactor: _gate, ...withoutGate } = recordingSteps([]);
    // Compile-time: a pipeline without the second-factor gate is a type error.
    // @ts-expect-error the second-factor step is required
    const build = () => createSignInPipeline({} as Hub, withoutGate);
    // Run time (a cast got past the compiler): refused at start-up, never a one-factor sign-in.
    expect(build).toThrow('the sign-in pipeline has no secondFactor step');
  });

  it('does not compile without its platform rules, tool-access, OpenID Connect return, exit or session step', () => {
    const { platformRules: _p, ...withoutRules } = recordingSteps([]);
    // @ts-expect-error the platform-rules step is required
    expect(() => createSignInPipeline({} as Hub, withoutRules)).toThrow('no platformRules step');
    const { toolAccess: _a, ...withoutToolAccess } = recordingSteps([]);
    const { oidcReturn: _o, ...withoutOidc } = recordingSteps([]);
    const { exit: _e, ...withoutExit } = recordingSteps([]);
    const { session: _s, ...withoutSession } = recordingSteps([]);
    // @ts-expect-error the tool-access step is required
    expect(() => createSignInPipeline({} as Hub, withoutToolAccess)).toThrow('no toolAccess step');
    // @ts-expect-error the OpenID Connect return step is required
    expect(() => createSignInPipeline({} as Hub, withoutOidc)).toThrow('no oidcReturn step');
    // @ts-expect-error the exit step is required
    expect(() => createSignInPipeline({} as Hub, withoutExit)).toThrow('no exit step');
    // @ts-expect-error the session step is required
    expect(() => createSignInPipeline({} as Hub, withoutSession)).toThrow('no session step');
  });

  it('keeps no optional sign-in hook on the hub', () => {
    const hub = {} as Hub;
    // @ts-expect-error the second step is the pipeline's, not a hook on the hub
    expect(hub.secondStep).toBeUndefined();
    // @ts-expect-error the OpenID Connect exit is the pipeline's oidcReturn step
    expect(hub.oidcExit).toBeUndefined();
    // @ts-expect-error the acr_values reach the second-factor step through its deps
    expect(hub.oidcAcrValues).toBeUndefined();
  });
});

describe.each(testDialects)('the sign-in pipeline on %s', (dialect) => {
  let hub: TestHub;
  beforeAll(async () => {
    hub = await createTestHub(dialect);
  });
  afterAll(async () => {
    await hub.close();
  });

  it('is wired by buildApp with every step, in order', () => {
    expect(hub.signIn.steps).toEqual(SIGN_IN_STEPS);
    expect(SIGN_IN_STEPS).toEqual([
      'platformRules',
      'secondFactor',
      'toolAccess',
      'oidcReturn',
      'exit',
      'session',
    ]);
  });

  const outcome = (accountId: string, context: SignInOutcome['context'] = {}): SignInOutcome => ({
    accountId,
    platform: 'psl',
    authMethod: 'password',
    context,
  });

  it('runs the steps in order and returns the cookies, headers and location for the route to apply', async () => {
    const id = await seedAccount(hub, { email: 'pipeline-order@example.com' });
    const ran: string[] = [];
    const pipeline = createSignInPipeline(hub.hub, recordingSteps(ran));
    const done = await pipeline.complete(request, outcome(id));
    expect(ran).toEqual(['platformRules', 'secondFactor', 'exit', 'session']);
    expect(done).toEqual({
      cookies: [{ name: 'hub_session', value: 'token', options: { path: '/', httpOnly: true } }],
      headers: { 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' },
      location: 'https://psl.example/sso/account/auth?ainfo=x',
    });
  });

  it('ends an OpenID Connect sign-in through its return step, not the platform exit', async () => {
    const id = await seedAccount(hub, { email: 'pipeline-oidc@example.com' });
    const ran: string[] = [];
    const pipeline = createSignInPipeline(hub.hub, recordingSteps(ran));
    const done = await pipeline.complete(request, outcome(id, { oidc: 'uid_1234567890' }));
    expect(ran).toEqual(['platformRules', 'secondFactor', 'oidcReturn', 'session']);
    expect(done.location).toBe('/oidc/resume');
  });

  it('refuses, before any row is written, a sign-in the platform does not allow (built app)', async () => {
    const id = await seedAccount(hub, {
      email: 'pipeline-company@example.com',
      userType: 2,
      platforms: ['biz'],
    });
    await expect(
      hub.signIn.complete(request, { ...outcome(id), authMethod: 'session' }),
    ).rejects.toMatchObject({ code: 'account.company_on_personal' });
    await expect(
      hub.signIn.complete(request, { ...outcome('no-such-account'), authMethod: 'session' }),
    ).rejects.toMatchObject({ code: 'account.not_found' });
  });

  it('stops at the second-factor step before any exit, session or ainfo', async () => {
    const id = await seedAccount(hub, { email: 'pipeline-stop@example.com' });
    const ran: string[] = [];
    const pipeline = createSignInPipeline(hub.hub, recordingSteps(ran, true));
    const done = await pipeline.complete(request, outcome(id));
    expect(ran).toEqual(['platformRules', 'secondFactor']);
    expect(done).toEqual({
      cookies: [{ name: 'hub_fb', value: 'binding', options: { path: '/' } }],
      headers: { 'cache-control': 'no-store' },
      nextStep: {
        next: 'second_factor',
        flowId: 'flow',
        methods: ['totp'],
        location: '/psl/login?step2=flow',
      },
    });
    // A sign-in whose answer must be a redirect goes to the same step on the login screen.
    const bySession = await pipeline.complete(request, { ...outcome(id), authMethod: 'session' });
    expect(bySession.location).toBe('/psl/login?step2=flow');
    expect(bySession.nextStep).toBeUndefined();
  });
});
