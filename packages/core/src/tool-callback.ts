import type { Platform } from './platform.js';
import { isTsaKey, type TsaKey } from './tools.js';

export const callbackParamsFamilies = [
  'market_preview',
  'market_checkout',
  'direct_checkout',
  'partner',
  'plain',
] as const;
export type CallbackParamsFamily = (typeof callbackParamsFamilies)[number];

const partnerCallbackKeys: readonly TsaKey[] = [
  'PFSHP_SSO_RQX',
  'PFSHP_SSO_DIRECT_RQX',
  'PHRC_SSO_RQX',
  'PHRC_SSO_DIRECT_RQX',
  'PCHT_SSO_RQX',
  'PFJOB_SSO_RQX',
  'PFJOB_SSO_DIRECT_RQX',
  'PFREFERRAL_SSO_RQX',
  'PFREFERRAL_SSO_DIRECT_RQX',
];

/**
 * Spec §4 "Login", callback extras by tsa_key: market preview, marketplace checkout, direct checkout,
 * and the shop, recruitment, chat, jobs and referral keys ('partner'). Everything else, including
 * MP_SSO_RQX, the wallet keys and a missing key, gets no extras ('plain').
 */
export const callbackParamsFamily = (key: string | null | undefined): CallbackParamsFamily => {
  if (key === 'TOOL_MARKET_PREVIEW_SSO_RQX') return 'market_preview';
  if (key === 'MP_MARKET_CHECKOUT_SSO_RQX') return 'market_checkout';
  if (key === 'MP_DIRECT_CHECKOUT_RQX') return 'direct_checkout';
  if (isTsaKey(key) && partnerCallbackKeys.includes(key)) return 'partner';
  return 'plain';
};

export type ToolCallbackInput = {
  cb: string;
  ainfo: string;
  tsaKey?: string;
  tid?: string | number;
  platform?: Platform;
  pricing?: string;
  subcb?: string;
  refAFrnd?: string;
  /** Returning from switching to a tool (spec §4: account type 3); adds the final ref=auth. */
  accountType3?: boolean;
  /** The tool's own `state` from /sso/rqx, returned last and untouched (not in the spec). */
  state?: string;
};

type Param = [name: string, value: string | number | undefined];

const familyParams = (input: ToolCallbackInput): Param[] => {
  const { tid, platform, pricing } = input;
  switch (callbackParamsFamily(input.tsaKey)) {
    case 'market_preview':
      return [
        ['market_preview', tid],
        ['platform', platform],
      ];
    case 'market_checkout':
      return [
        ['platform', platform],
        ['tid', tid],
        ['pricing', pricing],
      ];
    case 'direct_checkout':
      return [
        ['platform', platform],
        ['tid', tid],
        ['pricing', pricing],
        ['ref', 'auth'],
      ];
    case 'partner':
      return [
        ['platform', platform],
        ['ref', 'auth'],
      ];
    case 'plain':
      return [];
  }
};

/**
 * Spec §4 "Login": the callback URL (cb, its own query kept) gets ainfo first, then the tsa_key
 * family's extras, then finally ref=auth, subcb and ref_a_frnd where present (and the tool's own
 * state, which the spec does not have, when it sent one). ref=auth appears at most
 * once. Absent or empty values are left out. A param of ours already in cb is replaced, never doubled.
 */
export const buildToolCallbackUrl = (input: ToolCallbackInput): string => {
  const params: Param[] = [['ainfo', input.ainfo], ...familyParams(input)];
  if (input.accountType3) params.push(['ref', 'auth']);
  params.push(['subcb', input.subcb], ['ref_a_frnd', input.refAFrnd], ['state', input.state]);

  const hashAt = input.cb.indexOf('#');
  const withoutHash = hashAt === -1 ? input.cb : input.cb.slice(0, hashAt);
  const hash = hashAt === -1 ? '' : input.cb.slice(hashAt);
  const queryAt = withoutHash.indexOf('?');
  const base = queryAt === -1 ? withoutHash : withoutHash.slice(0, queryAt);
  const query = new URLSearchParams(queryAt === -1 ? '' : withoutHash.slice(queryAt + 1));

  const present = params.filter((param): param is [string, string | number] => {
    const value = param[1];
    return value !== undefined && value !== '';
  });
  for (const [name] of present) query.delete(name);
  const added = new Set<string>();
  for (const [name, value] of present) {
    const pair = `${name}=${value}`;
    if (added.has(pair)) continue;
    added.add(pair);
    query.append(name, String(value));
  }
  return `${base}?${query.toString()}${hash}`;
};

/**
 * The one rule for `subcb` at every exit, a tool's callback or a platform's /sso/account/auth: the
 * receiving site treats it as a place of its own, so it must be a path ('/orders/7') or a plain
 * name ('plans'), never something a URL parser could read as another site. Refused: any whitespace
 * (parsers strip it at the ends and drop tabs and newlines inside, so ' //evil.test' becomes
 * '//evil.test'), control characters, backslashes (browsers read '\\' as '//'), a scheme
 * ('https:', 'javascript:') and the protocol-relative '//host'.
 */
export const isSafeSubcb = (subcb: string): boolean =>
  subcb.length <= 2048 &&
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point.
  !/[\s\u0000-\u001f\u007f-\u009f\u200b-\u200d\u2060\ufeff\\]/.test(subcb) &&
  !subcb.startsWith('//') &&
  !/^[A-Za-z][A-Za-z0-9+.-]*:/.test(subcb);

/** Spec §2, §4: the path a platform site (or a tool's own site) receives the signed-in user on. */
export const PLATFORM_EXIT_PATH = '/sso/account/auth';
/** Spec §4: the marketplace direct checkout's callback path. */
export const MARKETPLACE_CHECKOUT_PATH = '/subscription/checkout/rqx';

/** Spec §2 "Exit after login": the target site's URL plus /sso/account/auth, with ainfo and subcb. */
export const buildPlatformExitUrl = (siteUrl: string, ainfo: string, subcb?: string): string => {
  const query = new URLSearchParams({ ainfo });
  if (subcb) query.append('subcb', subcb);
  return `${siteUrl.replace(/\/+$/, '')}${PLATFORM_EXIT_PATH}?${query.toString()}`;
};
