import cluster from 'node:cluster';
import { randomBytes } from 'node:crypto';
import { HubError } from '../errors.js';
import { createDistinctCounts, type PairCounts } from './distinct-counts.js';

/**
 * The throttle's counts of a machine's hub processes (HUB_WORKERS without REDIS_URL), kept by the
 * primary in the same typed arrays a lone process keeps its own in (distinct-counts.ts), so that
 * every worker counts against one limit per address and one credential-stuffing count. A worker
 * asks over the cluster's IPC channel and the primary answers; the keys a worker sends are already
 * HMACs under the hub's shared secret (throttle.ts), so the primary never sees an address or an
 * identifier. Until 2026-12-07 rate-limiter-flexible's cluster store did this with its memory store
 * in the primary, about 550 bytes and a timer on the heap a counter: a flood of look-ups from fresh
 * addresses filled the primary's 128 MiB heap in well under a minute and the whole hub aborted
 * (docs/performance.md "Memory").
 */

const CHANNEL = 'hub_counts';

/** How long a worker waits for the primary before the request is answered 503. */
const PRIMARY_TIMEOUT_MS = 3_000;

/** What a worker asks the primary, one of the counts' four calls with its arguments. */
type Question =
  | { op: 'hit'; name: string; windowIndex: number; key: string }
  | { op: 'pair' | 'peekPair'; name: string; windowIndex: number; left: string; right: string }
  | { op: 'once'; name: string; windowIndex: number; key: string };

type Answer = number | boolean | PairCounts;

interface Envelope {
  channel: typeof CHANNEL;
  id: number;
}

const isOurs = (message: unknown): message is Envelope =>
  typeof message === 'object' && message !== null && (message as Envelope).channel === CHANNEL;

/** The primary's side: answers every worker's questions from one set of counts. */
export const servePrimaryCounts = () => {
  const counts = createDistinctCounts(randomBytes(32));
  const answer = (question: Question): Answer => {
    switch (question.op) {
      case 'hit':
        return counts.hit(question.name, question.windowIndex, question.key);
      case 'pair':
        return counts.pair(question.name, question.windowIndex, question.left, question.right);
      case 'peekPair':
        return counts.peekPair(question.name, question.windowIndex, question.left, question.right);
      case 'once':
        return counts.once(question.name, question.windowIndex, question.key);
    }
  };
  cluster.on('message', (worker, message: unknown) => {
    if (!isOurs(message)) return;
    const question = message as Envelope & Question;
    // A worker that died meanwhile has no one left to answer; one that dies while the answer is on
    // its way makes the send fail, which must not become an 'error' event the primary dies of.
    if (!worker.isConnected()) return;
    worker.send(
      { channel: CHANNEL, id: question.id, answer: answer(question) },
      undefined,
      undefined,
      () => {},
    );
  });
};

/** A worker's side: the same calls as distinct-counts.ts, answered by the primary. */
export const primaryCounts = () => {
  let next = 0;
  const waiting = new Map<number, { resolve: (answer: Answer) => void; timer: NodeJS.Timeout }>();
  process.on('message', (message: unknown) => {
    if (!isOurs(message)) return;
    const { id, answer } = message as Envelope & { answer: Answer };
    const asked = waiting.get(id);
    if (!asked) return;
    clearTimeout(asked.timer);
    waiting.delete(id);
    asked.resolve(answer);
  });
  const ask = <T extends Answer>(question: Question) =>
    new Promise<T>((resolve, reject) => {
      next += 1;
      const id = next;
      const fail = (cause: Error) => {
        clearTimeout(timer);
        if (!waiting.delete(id)) return;
        reject(new HubError('service.unavailable', { retryAfter: 1, cause }));
      };
      const timer = setTimeout(
        () => fail(new Error('the primary did not answer the throttle in time')),
        PRIMARY_TIMEOUT_MS,
      );
      timer.unref();
      waiting.set(id, { resolve: resolve as (answer: Answer) => void, timer });
      process.send?.({ channel: CHANNEL, id, ...question }, undefined, undefined, (error) => {
        if (error) fail(error);
      });
    });
  return {
    hit: (name: string, windowIndex: number, key: string) =>
      ask<number>({ op: 'hit', name, windowIndex, key }),
    pair: (name: string, windowIndex: number, left: string, right: string) =>
      ask<PairCounts>({ op: 'pair', name, windowIndex, left, right }),
    peekPair: (name: string, windowIndex: number, left: string, right: string) =>
      ask<PairCounts>({ op: 'peekPair', name, windowIndex, left, right }),
    once: (name: string, windowIndex: number, key: string) =>
      ask<boolean>({ op: 'once', name, windowIndex, key }),
  };
};
