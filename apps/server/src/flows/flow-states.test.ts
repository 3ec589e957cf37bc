import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { authEndpoints } from '@hub/core';
import { describe, expect, it } from 'vitest';
import type { Hub } from '../hub.js';
import { setUpTestHub } from '../test-support/app.js';
import { testDialects } from '../test-support/databases.js';
import { type FlowRow, findFlow, moveFlow, newFlowRecord, parseFlowRow, tryMoveFlow } from './flow-record.js';
import { type FlowKind, flowMachines, isFlowState, isLegalMove } from './flow-states.js';

/** Every legal move, written out by hand: the tables in flow.ts must say exactly this. */
const expectedMoves: Record<FlowKind, readonly string[]> = {
  login: ['identified -> completed'],
  signup: ['code_sent -> verified', 'verified -> completed'],
  reset: ['code_sent -> verified', 'verified -> completed'],
  switching: ['identified -> completed'],
  linking: ['identified -> completed'],
  default_platform: ['chosen -> completed'],
  work_account: ['invited -> verified', 'verified -> completed'],
  social: [
    'started -> exchanging',
    'exchanging -> completed',
    'exchanging -> awaiting_password',
    'exchanging -> failed',
    'awaiting_password -> completed',
  ],
  email_change: ['code_sent -> completed'],
  second_factor: ['pending -> completed', 'pending -> enrolling', 'enrolling -> completed'],
};

const kinds = Object.keys(flowMachines) as FlowKind[];
const statesOf = (kind: FlowKind) => Object.keys(flowMachines[kind].transitions);

describe('flow transition tables', () => {
  const flowsDir = dirname(fileURLToPath(import.meta.url));

  it('keeps every kind’s definition in flows/<kind>/flow.ts, and flow-states.ts reads only those', () => {
    const folders = kinds.map((kind) => kind.replaceAll('_', '-'));
    for (const folder of folders) expect(statSync(join(flowsDir, folder, 'flow.ts')).isFile()).toBe(true);
    const imports = [
      ...readFileSync(join(flowsDir, 'flow-states.ts'), 'utf8').matchAll(/from '([^']+)'/g),
    ].map((match) => match[1]);
    expect(imports.filter((path) => !/^\.\/([a-z-]+\/flow|transitions)\.js$/.test(path ?? ''))).toEqual([]);
  });

  it('checks codes in one place: only flows/code-step.ts reads or takes a flow’s code', () => {
    const serverSrc = dirname(flowsDir);
    const files = (dir: string): string[] =>
      readdirSync(dir).flatMap((name) => {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) return files(path);
        return /\.ts$/.test(name) && !/\.test\.ts$/.test(name) ? [path] : [];
      });
    const checking = files(serverSrc)
      .filter((path) => /\bcodes\.(findLive|consume|recordWrongTry)\(/.test(readFileSync(path, 'utf8')))
      .map((path) => relative(serverSrc, path));
    expect(checking).toEqual(['flows/code-step.ts']);
  });

  it.each(kinds)('%s allows exactly its moves, and no other pair of states', (kind) => {
    const states = statesOf(kind);
    const legal = states.flatMap((from) =>
      states.filter((to) => isLegalMove(kind, from, to)).map((to) => `${from} -> ${to}`),
    );
    expect(legal.sort()).toEqual([...expectedMoves[kind]].sort());
    expect(isLegalMove(kind, 'nonsense', states[0]!)).toBe(false);
    expect(isLegalMove(kind, states[0]!, 'nonsense')).toBe(false);
  });

  it.each(kinds)(
    '%s starts in one of its states, reaches every state from there, and ends only in final ones',
    (kind) => {
      const { initial, transitions } = flowMachines[kind];
      const table: Record<string, readonly string[]> = transitions;
      expect(isFlowState(kind, initial)).toBe(true);
      const seen = new Set<string>([initial]);
      const queue = [initial as string];
      while (queue.length)
        for (const next of table[queue.shift()!] ?? [])
          if (!seen.has(next) && seen.add(next)) queue.push(next);
      expect([...seen].sort()).toEqual(statesOf(kind).sort());
      expect(table.completed).toEqual([]);
      expect(isFlowState(kind, 'toString')).toBe(false);
    },
  );

  it('reads a row of an unknown kind or state as no flow', () => {
    const row = { ...newFlowRecord({ ...recordInput, kind: 'login', state: 'identified' }) };
    expect(parseFlowRow(row)).toEqual(row);
    expect(parseFlowRow({ ...row, state: 'code_sent' })).toBeUndefined();
    expect(parseFlowRow({ ...row, state: 'hacked' })).toBeUndefined();
    expect(parseFlowRow({ ...row, kind: 'kyc' })).toBeUndefined();
    expect(parseFlowRow(undefined)).toBeUndefined();
  });
});

const recordInput = {
  platform: 'psl',
  accountId: null,
  identifier: null,
  context: {},
  binding: 'b',
  ttlMs: 60_000,
  now: 0,
} as const;

/**
 * Never called: it is here for `tsc -p tsconfig.tests.json` (npm run typecheck), which must find an
 * error on every line marked @ts-expect-error — a move the flow's table does not allow.
 */
export const illegalMovesDoNotCompile = async (
  hub: Hub,
  login: FlowRow<'login'>,
  social: FlowRow<'social'>,
) => {
  await moveFlow(hub, login, { from: 'identified', to: 'completed' });
  // @ts-expect-error a completed login goes nowhere
  await moveFlow(hub, login, { from: 'completed', to: 'identified' });
  // @ts-expect-error a login has no code step
  await moveFlow(hub, login, { from: 'code_sent', to: 'verified' });
  await tryMoveFlow(hub, hub.db, social, { from: 'exchanging', to: 'awaiting_password' });
  // @ts-expect-error a social flow waits for the password only after the provider answered
  await tryMoveFlow(hub, hub.db, social, { from: 'started', to: 'awaiting_password' });
  // @ts-expect-error a failed sign-in stays failed
  await tryMoveFlow(hub, hub.db, social, { from: 'failed', to: 'completed' });
  const sneaky = { state: 'completed' };
  // @ts-expect-error a move may not write the state (or id, or kind) beside the table's
  await tryMoveFlow(hub, hub.db, social, { from: 'started', to: 'exchanging', changes: sneaky });
  // @ts-expect-error a new flow starts in its first state
  newFlowRecord({ ...recordInput, kind: 'signup', state: 'verified' });
  // @ts-expect-error the state column changes only by a move
  await hub.flows.update(hub.db, login.id, { state: 'completed' });
};

describe.each(testDialects)('flow states on %s', (dialect) => {
  const ctx = setUpTestHub(dialect, { network: '198.51.100' });

  const startSignup = async () => {
    const res = await ctx.browser.post(authEndpoints.signupStart, {
      platform: 'psl',
      account: `states${ctx.n}@example.ph`,
    });
    expect(res.statusCode).toBe(200);
    return res.json().flowId as string;
  };

  it('treats a flow whose stored state this code does not know as gone, not as a flow in that state', async () => {
    const flowId = await startSignup();
    await ctx.db.updateTable('flows').set({ state: 'legacy_state' }).where('id', '=', flowId).execute();
    const status = await ctx.browser.get(`${authEndpoints.signupStatus}?flowId=${flowId}`);
    expect(status.statusCode).toBe(404);
    expect(status.json()).toMatchObject({ code: 'flow.not_found' });
    const resend = await ctx.browser.post(authEndpoints.signupResend, { flowId });
    expect(resend.json()).toMatchObject({ code: 'flow.not_found' });
  });

  it('refuses at run time a move that a cast slipped past the compiler, and writes nothing', async () => {
    const flowId = await startSignup();
    const hub = ctx.hub.hub;
    const flow = (await findFlow(hub, flowId, 'signup'))!;
    expect(flow.state).toBe('code_sent');
    const illegal = { from: 'code_sent', to: 'completed' } as unknown as Parameters<
      typeof moveFlow<'signup'>
    >[2];
    await expect(moveFlow(hub, flow, illegal)).rejects.toThrow(/illegal move of a signup flow/);
    expect((await findFlow(hub, flowId, 'signup'))?.state).toBe('code_sent');
  });

  it('lets exactly one of many racing requests make a move', async () => {
    const flowId = await startSignup();
    const hub = ctx.hub.hub;
    const flow = (await findFlow(hub, flowId, 'signup'))!;
    const results = await Promise.allSettled(
      Array.from({ length: 8 }, () => moveFlow(hub, flow, { from: 'code_sent', to: 'verified' })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect((await findFlow(hub, flowId, 'signup'))?.state).toBe('verified');
  });
});
