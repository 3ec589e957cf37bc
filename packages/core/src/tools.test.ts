import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  isReferralKey,
  isToolCode,
  isTsaKey,
  partnerAuthTarget,
  type SsoBranch,
  ssoBranchOf,
  type TsaKey,
  toolCodes,
  toolLoginTarget,
  tsaKeys,
} from './tools.js';

describe('tool codes and tsa keys (spec §3, §9)', () => {
  it('lists the tool codes', () => {
    expect(toolCodes).toEqual(['MP', 'PCHT', 'PFSHP', 'PHRC', 'PFJOB', 'PFREFERRAL', 'PFPAYMESHARE']);
    expect(isToolCode('PCHT')).toBe(true);
    expect(isToolCode('pcht')).toBe(false);
  });

  it('lists the 14 spec keys plus the named referral variant', () => {
    expect(tsaKeys).toEqual([
      'TOOL_MARKET_PREVIEW_SSO_RQX',
      'MP_SSO_RQX',
      'MP_MARKET_CHECKOUT_SSO_RQX',
      'MP_DIRECT_CHECKOUT_RQX',
      'PFSHP_SSO_RQX',
      'PFSHP_SSO_DIRECT_RQX',
      'PHRC_SSO_RQX',
      'PHRC_SSO_DIRECT_RQX',
      'PCHT_SSO_RQX',
      'PFJOB_SSO_RQX',
      'PFJOB_SSO_DIRECT_RQX',
      'PFREFERRAL_SSO_RQX',
      'PFREFERRAL_SSO_DIRECT_RQX',
      'PFPAYMESHARE_SSO_RQX',
      'PFPAYMESHARE_SSO_DIRECT_RQX',
    ]);
    expect(isTsaKey('MP_SSO_RQX')).toBe(true);
    expect(isTsaKey('mp_sso_rqx')).toBe(false);
    expect(isTsaKey(undefined)).toBe(false);
  });

  it('knows the referral keys', () => {
    expect(tsaKeys.filter(isReferralKey)).toEqual(['PFREFERRAL_SSO_RQX', 'PFREFERRAL_SSO_DIRECT_RQX']);
    expect(isReferralKey('PFREFERRAL')).toBe(false);
    expect(isReferralKey(null)).toBe(false);
  });
});

describe('ssoBranchOf (spec §4 "SSO handler")', () => {
  const expected: Record<TsaKey, SsoBranch> = {
    TOOL_MARKET_PREVIEW_SSO_RQX: 'market_preview',
    MP_SSO_RQX: 'marketplace_login',
    MP_MARKET_CHECKOUT_SSO_RQX: 'marketplace_login',
    MP_DIRECT_CHECKOUT_RQX: 'direct_checkout',
    PFSHP_SSO_RQX: 'partner_auth',
    PFSHP_SSO_DIRECT_RQX: 'partner_auth',
    PHRC_SSO_RQX: 'partner_auth',
    PHRC_SSO_DIRECT_RQX: 'partner_auth',
    PCHT_SSO_RQX: 'partner_auth',
    PFJOB_SSO_RQX: 'partner_auth',
    PFJOB_SSO_DIRECT_RQX: 'partner_auth',
    PFREFERRAL_SSO_RQX: 'partner_auth',
    PFREFERRAL_SSO_DIRECT_RQX: 'partner_auth',
    PFPAYMESHARE_SSO_RQX: 'partner_auth',
    PFPAYMESHARE_SSO_DIRECT_RQX: 'partner_auth',
  };

  it.each(tsaKeys.map((key) => [key, expected[key]] as const))('%s goes to %s', (key, branch) => {
    expect(ssoBranchOf(key)).toBe(branch);
  });

  it.each(['', 'CPA_REVIEW_KEY_123', 'mp_sso_rqx', 'PCHT_SSO_DIRECT_RQX', 'MP_SSO_RQX '])(
    '%j is a tool key to look up',
    (key) => {
      expect(ssoBranchOf(key)).toBe('tool_key');
    },
  );

  it('treats any string outside the tsa keys as a tool key', () => {
    fc.assert(fc.property(fc.string(), (key) => isTsaKey(key) || ssoBranchOf(key) === 'tool_key'));
  });

  it('sends partners to registration only for auth_type registration', () => {
    expect(partnerAuthTarget('registration')).toBe('registration');
    expect(partnerAuthTarget('login')).toBe('login');
    expect(partnerAuthTarget(undefined)).toBe('login');
    expect(partnerAuthTarget('Registration')).toBe('login');
  });

  it('sends a type 1 tool to the normal screens and others to the tool login', () => {
    expect(toolLoginTarget(1)).toBe('standard');
    expect(toolLoginTarget(2)).toBe('tool_login');
    expect(toolLoginTarget(0)).toBe('tool_login');
  });
});
