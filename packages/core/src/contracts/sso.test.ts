import { describe, expect, it } from 'vitest';
import { STORED_INTEGER_MAX } from './input.js';
import {
  ainfoRedeemRequestSchema,
  logoutQuerySchema,
  ssoAnswerSchema,
  ssoQueryKeys,
  ssoRequestSchema,
  toolCallbacksQuerySchema,
  toolSsorqxQuerySchema,
  tpartyQuerySchema,
} from './sso.js';

describe('the SSO contracts', () => {
  it('takes every /sso/rqx query key as optional text, and nothing else', () => {
    expect(ssoRequestSchema.parse({})).toEqual({});
    const all = Object.fromEntries(ssoQueryKeys.map((key) => [key, `${key}-value`]));
    expect(ssoRequestSchema.parse(all)).toEqual(all);
    expect(ssoRequestSchema.safeParse({ from: 'MP_SSO_RQX', extra: '1' }).success).toBe(false);
    expect(ssoRequestSchema.safeParse({ from: 'a'.repeat(4097) }).success).toBe(false);
    // The string rule: no NUL, no lone surrogate, in any value.
    for (const key of ssoQueryKeys) {
      expect(ssoRequestSchema.safeParse({ [key]: 'a\u0000b' }).success, key).toBe(false);
      expect(ssoRequestSchema.safeParse({ [key]: '\uD800' }).success, key).toBe(false);
    }
  });

  it('answers /sso/rqx with a redirect, the tool session only when a tool was named', () => {
    expect(ssoAnswerSchema.parse({ next: 'redirect', location: '/psl/login' })).toEqual({
      next: 'redirect',
      location: '/psl/login',
    });
    const toolSession = { cb: 'https://tool.example/cb', tid: 201, tinfo: [], expiration: '' };
    expect(
      ssoAnswerSchema.parse({ next: 'redirect', location: '/psl/login', toolSession }).toolSession,
    ).toEqual(toolSession);
    expect(
      ssoAnswerSchema.safeParse({ next: 'redirect', location: '/', toolSession: { cb: 'javascript:x' } })
        .success,
    ).toBe(false);
  });

  it('reads the environment of the tool calls by the callback names, refusing unknown ones', () => {
    expect(toolSsorqxQuerySchema.parse({ tsa_key: 'MP_SSO_RQX', env: 'sb' })).toEqual({
      tsa_key: 'MP_SSO_RQX',
      env: 'sandbox',
    });
    expect(toolSsorqxQuerySchema.parse({ tsa_key: 'MP_SSO_RQX' }).env).toBeUndefined();
    expect(toolSsorqxQuerySchema.safeParse({ tsa_key: 'MP_SSO_RQX', env: 'staging' }).success).toBe(false);
    expect(toolSsorqxQuerySchema.safeParse({ tsa_key: 'a\u0000' }).success).toBe(false);
    expect(toolCallbacksQuerySchema.parse({ tid: '201', env: 'production' })).toEqual({
      tid: 201,
      env: 'production',
    });
    for (const tid of ['0', '-1', '1.5', '1000000000', 'x']) {
      expect(toolCallbacksQuerySchema.safeParse({ tid, env: 'production' }).success, tid).toBe(false);
    }
  });

  it('holds logout, redeem and the third-party look-up to the same rules', () => {
    expect(logoutQuerySchema.parse({})).toEqual({});
    expect(logoutQuerySchema.parse({ tid: '201', callback: 'sb' })).toEqual({ tid: 201, callback: 'sb' });
    expect(logoutQuerySchema.safeParse({ tid: String(STORED_INTEGER_MAX) }).success).toBe(true);
    expect(logoutQuerySchema.safeParse({ tid: String(STORED_INTEGER_MAX + 1) }).success).toBe(false);
    expect(logoutQuerySchema.safeParse({ callback: 'a\u0000' }).success).toBe(false);
    expect(ainfoRedeemRequestSchema.safeParse({ ainfo: '' }).success).toBe(false);
    expect(ainfoRedeemRequestSchema.safeParse({ ainfo: 'x', more: 1 }).success).toBe(false);
    expect(tpartyQuerySchema.parse({ account: ' a@b.ph ', platform: 'psl', ref: 'tparty' })).toEqual({
      account: 'a@b.ph',
      platform: 'psl',
      ref: 'tparty',
    });
    expect(tpartyQuerySchema.safeParse({ account: 'a\u0000', platform: 'psl' }).success).toBe(false);
    expect(tpartyQuerySchema.safeParse({ account: 'a@b.ph', platform: 'other' }).success).toBe(false);
  });
});
