import { errorMessage, isErrorCode, type MessageScreen, platforms } from '@hub/core';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

const bodyKeys = ['code', 'message', 'params', 'field', 'retryAfter'];
/** Keys a code's body carries by contract beyond the common ones: ssorqx's answer keeps the spec's `msg: '!tk'`. */
const extraKeys: Record<string, string[]> = { 'sso.tsa_key_missing': ['msg'] };
const screens: Array<MessageScreen | undefined> = [undefined, 'reset', 'linking'];

/**
 * An error body made of the catalogue alone: a known code, its message in one of the code's wordings
 * filled from the body's own params, and no other key, so no internal detail (an error's message,
 * a stack, a query) can have slipped in.
 */
export const expectCatalogueBody = (body: Record<string, unknown>, what = '') => {
  const allowed = [...bodyKeys, ...(extraKeys[String(body.code)] ?? [])];
  expect(
    Object.keys(body).filter((key) => !allowed.includes(key)),
    what,
  ).toEqual([]);
  expect(isErrorCode(body.code), `${what}: ${String(body.code)} is not in the catalogue`).toBe(true);
  if (!isErrorCode(body.code)) return;
  const params = body.params as Record<string, string | number> | undefined;
  const wordings = screens.map((screen) => errorMessage(body.code as never, params, screen));
  expect(wordings, what).toContain(body.message);
};

/** A refusal with the status and the exact error body `{ code, message, params?, field? }` the catalogue gives. */
export const expectRefusal = (res: LightMyRequestResponse, status: number, body: Record<string, unknown>) => {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json()).toEqual(body);
};

/** A refusal of a request nobody should send: any 4xx, still with a JSON error body, never a 500. */
export const expectJsonRefusal = (res: LightMyRequestResponse, url: string) => {
  expect(res.statusCode, `${url} ${res.body}`).toBeGreaterThanOrEqual(400);
  expect(res.statusCode, `${url} ${res.body}`).toBeLessThan(500);
  expect(res.json()).toMatchObject({ code: expect.any(String), message: expect.any(String) });
  expectCatalogueBody(res.json(), url);
};

/** The identify step of a flow (login, switching, linking): the account as typed, on a platform. */
export type Identify = (account: string, platform?: string) => Promise<LightMyRequestResponse>;

/** 'Account does not exist' for an unknown account, 'Account is required' for a blank one. */
export const expectUnknownAndBlankAccountsRefused = async (identify: Identify) => {
  expectRefusal(await identify('nobody@example.ph'), 404, {
    code: 'account.not_found',
    message: 'Account does not exist',
    field: 'account',
  });
  expect((await identify('   ')).json()).toMatchObject({
    code: 'account.required',
    message: 'Account is required',
  });
};

/** Spec §4, §6: a client account (ut 5) is refused on both platforms. */
export const expectClientRefusedOnBothPlatforms = async (identify: Identify, account: string) => {
  for (const platform of platforms) {
    const res = await identify(account, platform);
    expect(res.statusCode, platform).toBe(403);
    expect(res.json().message).toBe('Clients are unable to use their accounts in this particular system.');
  }
};

/** 'Incorrect password.' for a wrong password, 'password.required' for none. */
export const expectWrongPasswordRefused = async (
  submit: (password: string) => Promise<LightMyRequestResponse>,
  wrong = 'Wrong-password-1',
) => {
  expectRefusal(await submit(wrong), 401, {
    code: 'password.incorrect',
    message: 'Incorrect password.',
    field: 'password',
  });
  expect((await submit('')).json().code).toBe('password.required');
};
