import { authEndpoints, SIGN_IN_CHALLENGE_HEADER, signInChallengeResponseSchema } from '@hub/core';
import { showSolving } from './challenge-status';

/**
 * The credential-stuffing challenge (docs/security.md "Credential stuffing"): when a sign-in step
 * answers 'challenge.required', the API client (api/client.ts) asks the hub for a proof-of-work
 * challenge for this browser (and the step's flow), solves it here with altcha-lib (loaded only
 * then) and sends the step again with the solution. `ChallengeStatus` shows 'Checking your
 * browser…' meanwhile. Nothing leaves for a third party: the hub makes and checks the challenge.
 */

/** The longest a solve may take before the step is answered with its 'challenge.required' text. */
const SOLVE_TIMEOUT_MS = 60_000;

const base64url = (text: string) => btoa(text).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');

/**
 * The header that carries a solved challenge for the step of `flowId` (none: an account step), or
 * undefined when none could be had (the step then shows its error as usual).
 */
export const solveSignInChallenge = async (
  flowId?: string,
  { quiet = false }: { quiet?: boolean } = {},
): Promise<Record<string, string> | undefined> => {
  if (!quiet) showSolving(1);
  try {
    const response = await fetch(authEndpoints.signInChallenge, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: JSON.stringify(flowId ? { flowId } : {}),
    });
    if (!response.ok) return undefined;
    const parsed = signInChallengeResponseSchema.safeParse(await response.json());
    if (!parsed.success) return undefined;
    const [{ solveChallenge }, { deriveKey }] = await Promise.all([
      import('altcha-lib'),
      import('altcha-lib/algorithms/web/pbkdf2'),
    ]);
    const challenge = parsed.data as Parameters<typeof solveChallenge>[0]['challenge'];
    const solution = await solveChallenge({ challenge, deriveKey, timeout: SOLVE_TIMEOUT_MS });
    if (!solution) return undefined;
    return { [SIGN_IN_CHALLENGE_HEADER]: base64url(JSON.stringify({ challenge, solution })) };
  } catch (cause) {
    console.warn('the sign-in challenge could not be solved', cause);
    return undefined;
  } finally {
    if (!quiet) showSolving(-1);
  }
};

/**
 * Challenges solved ahead for a flow's next step: an account step that had to solve one leads to a
 * password step that will too, so its challenge is solved while the person types the password.
 */
const ahead = new Map<string, Promise<Record<string, string> | undefined>>();

/** Starts solving the next step's challenge of `flowId` in the background (once). */
export const solveAheadFor = (flowId: string) => {
  if (!ahead.has(flowId)) ahead.set(flowId, solveSignInChallenge(flowId, { quiet: true }));
};

/**
 * The challenge solved ahead for `flowId`, taken (it is good once); the status shows while a solve
 * still running is waited for. Undefined when none was started.
 */
export const takeSolvedAhead = async (flowId: string) => {
  const pending = ahead.get(flowId);
  if (!pending) return undefined;
  ahead.delete(flowId);
  showSolving(1);
  try {
    return await pending;
  } finally {
    showSolving(-1);
  }
};
