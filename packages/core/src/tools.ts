/** Spec §9: the partner tool codes. */
export const toolCodes = ['MP', 'PCHT', 'PFSHP', 'PHRC', 'PFJOB', 'PFREFERRAL', 'PFPAYMESHARE'] as const;
export type ToolCode = (typeof toolCodes)[number];
export const isToolCode = (value: unknown): value is ToolCode =>
  typeof value === 'string' && (toolCodes as readonly string[]).includes(value);

/**
 * Spec §3 "tsa_key values". The spec mentions "PFREFERRAL_SSO_RQX (and a variant with an extra
 * suffix)" without naming the variant; we name it PFREFERRAL_SSO_DIRECT_RQX after the family pattern
 * of the shop, HR, job and wallet keys (X_SSO_RQX and X_SSO_DIRECT_RQX).
 */
export const tsaKeys = [
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
] as const;
export type TsaKey = (typeof tsaKeys)[number];
export const isTsaKey = (value: unknown): value is TsaKey =>
  typeof value === 'string' && (tsaKeys as readonly string[]).includes(value);

const referralKeys: readonly TsaKey[] = ['PFREFERRAL_SSO_RQX', 'PFREFERRAL_SSO_DIRECT_RQX'];
const partnerAuthKeys: readonly TsaKey[] = [
  'PCHT_SSO_RQX',
  'PFSHP_SSO_RQX',
  'PFSHP_SSO_DIRECT_RQX',
  'PHRC_SSO_RQX',
  'PHRC_SSO_DIRECT_RQX',
  'PFJOB_SSO_RQX',
  'PFJOB_SSO_DIRECT_RQX',
  ...referralKeys,
  'PFPAYMESHARE_SSO_RQX',
  'PFPAYMESHARE_SSO_DIRECT_RQX',
];

/** Spec §4: referral keys create a referral when a referrer exists. */
export const isReferralKey = (key: string | null | undefined): boolean =>
  isTsaKey(key) && referralKeys.includes(key);

export const ssoBranches = [
  'marketplace_login',
  'direct_checkout',
  'market_preview',
  'partner_auth',
  'tool_key',
] as const;
export type SsoBranch = (typeof ssoBranches)[number];

/**
 * Spec §4 "SSO handler": which branch handles a 'from' value. MP_SSO_RQX and
 * MP_MARKET_CHECKOUT_SSO_RQX go to the marketplace login; MP_DIRECT_CHECKOUT_RQX to the direct
 * checkout; TOOL_MARKET_PREVIEW_SSO_RQX to the market preview; the partner keys to registration or
 * login by auth_type; anything else is a tool key to look up.
 */
export const ssoBranchOf = (key: string): SsoBranch => {
  if (key === 'MP_SSO_RQX' || key === 'MP_MARKET_CHECKOUT_SSO_RQX') return 'marketplace_login';
  if (key === 'MP_DIRECT_CHECKOUT_RQX') return 'direct_checkout';
  if (key === 'TOOL_MARKET_PREVIEW_SSO_RQX') return 'market_preview';
  if (isTsaKey(key) && partnerAuthKeys.includes(key)) return 'partner_auth';
  return 'tool_key';
};

/** Spec §4: a partner key goes to registration if auth_type is 'registration', otherwise to login. */
export const partnerAuthTarget = (authType: string | null | undefined): 'registration' | 'login' =>
  authType === 'registration' ? 'registration' : 'login';

/** Spec §4: a tool whose record has type 1 signs in on the normal screens; others on the tool login. */
export const toolLoginTarget = (toolType: number): 'standard' | 'tool_login' =>
  toolType === 1 ? 'standard' : 'tool_login';
