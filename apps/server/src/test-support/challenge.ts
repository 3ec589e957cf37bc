import { authEndpoints, SIGN_IN_CHALLENGE_HEADER } from '@hub/core';
import { type Challenge, solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { TestBrowser } from './client.js';

/**
 * What the login page does on 'challenge.required' (apps/web/src/lib/sign-in-challenge.ts): asks
 * for a challenge for its browser (and flow), solves it, and answers with the header to send.
 */
export const solveSignInChallenge = async (browser: TestBrowser, flowId?: string) => {
  const issued = await browser.post(authEndpoints.signInChallenge, flowId ? { flowId } : {});
  if (issued.statusCode !== 200) throw new Error(`challenge: ${issued.statusCode} ${issued.body}`);
  const challenge = issued.json() as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('the challenge was not solved');
  return {
    challenge,
    solution,
    header: {
      [SIGN_IN_CHALLENGE_HEADER]: Buffer.from(JSON.stringify({ challenge, solution })).toString('base64url'),
    },
  };
};
