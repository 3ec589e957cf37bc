import { SIGN_IN_CHALLENGE_HEADER } from '@hub/core';
import { createChallenge, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/pbkdf2';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiPost } from './client';

/**
 * The credential-stuffing challenge as the API client meets it
 * (docs/security.md "Credential stuffing"), against a stand-in of the hub that makes and checks real ALTCHA challenges (a small
 * counter, so the real solver runs fast): a step answered 'challenge.required' is solved and sent
 * again; the password step after it goes out with a challenge solved ahead for its flow.
 */

const secret = 'stand-in-secret';
const keySecret = 'stand-in-key-secret';

const standIn = () => {
  const sent: Array<{ path: string; solved: boolean }> = [];
  const checks = async (header: string | null, flowId?: string) => {
    if (!header) return false;
    const { challenge, solution } = JSON.parse(atob(header.replaceAll('-', '+').replaceAll('_', '/')));
    if ((challenge.parameters.data?.f ?? undefined) !== flowId) return false;
    const result = await verifySolution({
      challenge,
      solution,
      deriveKey,
      hmacSignatureSecret: secret,
      hmacKeySignatureSecret: keySecret,
    });
    return result.verified;
  };
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const headers = new Headers(init.headers);
    const body = JSON.parse(String(init.body ?? '{}'));
    if (url === '/api/sign-in/challenge') {
      return json(
        200,
        await createChallenge({
          algorithm: 'PBKDF2/SHA-256',
          cost: 10,
          counter: 20,
          deriveKey,
          data: body.flowId ? { f: body.flowId } : {},
          hmacSignatureSecret: secret,
          hmacKeySignatureSecret: keySecret,
        }),
      );
    }
    const solved = await checks(headers.get(SIGN_IN_CHALLENGE_HEADER), body.flowId);
    sent.push({ path: url, solved });
    if (!solved)
      return json(428, { code: 'challenge.required', message: 'Checking your browser… Please try again.' });
    return url === '/api/login/identify'
      ? json(200, { next: 'password', flowId: 'flow-of-the-test-0001' })
      : json(200, { next: 'redirect', location: '/done' });
  });
  return sent;
};

afterEach(() => vi.unstubAllGlobals());

describe('the API client under a sign-in challenge', () => {
  it('solves the challenge of each step: the account step after a refusal, the password step ahead', async () => {
    const sent = standIn();
    const identified = await apiPost<{ flowId: string }>('/login/identify', {
      platform: 'psl',
      account: 'a@b.ph',
    });
    expect(identified).toMatchObject({ ok: true, data: { flowId: 'flow-of-the-test-0001' } });
    const done = await apiPost('/login/password', { flowId: 'flow-of-the-test-0001', password: 'x' });
    expect(done).toMatchObject({ ok: true, data: { location: '/done' } });
    expect(sent).toEqual([
      { path: '/api/login/identify', solved: false },
      { path: '/api/login/identify', solved: true },
      { path: '/api/login/password', solved: true },
    ]);
  });
});
