import { describe, expect, it } from 'vitest';
import type { Hub } from '../hub.js';
import type { ToolRow } from '../storage/tools.js';
import { decideToolAccess, joinTool, requestToolReader, toolAccessByTid } from './tool-access.js';

const row = (tid: number, type: number) => ({ tid, type, name: `Tool ${tid}` }) as ToolRow;

/** The registry's tool queries, counting reads, with one member of restricted tool 2. */
const fakeTools = () => {
  const reads: string[] = [];
  const added: Array<[number, string]> = [];
  const rows = new Map([
    [1, row(1, 1)],
    [2, row(2, 3)],
  ]);
  const tools = {
    findByTid: async (tid: number) => {
      reads.push(`tid ${tid}`);
      return rows.get(tid);
    },
    findByKey: async (key: string) => {
      reads.push(`key ${key}`);
      return key === 'OPEN_KEY' ? rows.get(1) : undefined;
    },
    isMember: async (tid: number, accountId: string) => tid === 2 && accountId === 'member',
    addMember: async (tid: number, accountId: string) => {
      added.push([tid, accountId]);
    },
  } as unknown as Hub['tools'];
  // joinTool adds in a transaction: this one hands the callback a stand-in that is never used.
  const db = {
    transaction: () => ({ execute: (work: (trx: unknown) => unknown) => work({}) }),
  } as unknown as Hub['db'];
  return { hub: { tools, db }, reads, added };
};

describe('tool access: one rule for the tool login and OpenID Connect clients', () => {
  it('lets anyone join an open tool, a restricted tool’s members in, and refuses the rest', async () => {
    const { hub, added } = fakeTools();
    expect((await toolAccessByTid(hub, 1, 'anyone')).decision).toBe('join');
    expect((await toolAccessByTid(hub, 2, 'member')).decision).toBe('allow');
    expect((await toolAccessByTid(hub, 2, 'stranger')).decision).toBe('refuse');
    // A tool no longer registered admits nobody.
    expect(await decideToolAccess(hub, undefined, 'member')).toEqual({ decision: 'refuse', tool: undefined });
    // Only a join adds a membership.
    await joinTool(hub, await toolAccessByTid(hub, 1, 'anyone'), 'anyone', 0);
    await joinTool(hub, await toolAccessByTid(hub, 2, 'member'), 'member', 0);
    expect(added).toEqual([[1, 'anyone']]);
  });

  it('reads each tool once per request, however many steps ask, and again after a failed read', async () => {
    const { hub, reads } = fakeTools();
    const tools = requestToolReader(hub);
    await Promise.all([tools.byTid(1), tools.byTid(1), tools.byKey('OPEN_KEY')]);
    await tools.byTid(1);
    expect(reads).toEqual(['tid 1', 'key OPEN_KEY']);
    let fail = true;
    const flaky = requestToolReader({
      tools: {
        ...hub.tools,
        findByTid: async (tid: number) => {
          if (fail) throw new Error('database unavailable');
          return row(tid, 1);
        },
      },
    } as Pick<Hub, 'tools'>);
    await expect(flaky.byTid(5)).rejects.toThrow('database unavailable');
    fail = false;
    expect((await flaky.byTid(5))?.tid).toBe(5);
  });
});
