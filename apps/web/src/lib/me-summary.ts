import { type MeSummary, platforms } from '@hub/core';

const isString = (value: unknown): value is string => typeof value === 'string';
const isPlatform = (value: unknown) => (platforms as readonly unknown[]).includes(value);
const isNullableString = (value: unknown) => value === null || isString(value);

/**
 * GET /api/me's answer checked by hand, the shape of core's meSummarySchema: the header asks on
 * every page, the landing page included, whose first load leaves zod out (docs/performance.md).
 * Undefined for anything else; the caller then asks through the contract-checked client.
 */
export const readMeSummary = (value: unknown): MeSummary | undefined => {
  if (!value || typeof value !== 'object') return undefined;
  const me = value as Record<string, unknown>;
  const account = me.account as Record<string, unknown> | null | undefined;
  const name = me.name as Record<string, unknown> | null | undefined;
  const ok =
    !!account &&
    typeof account === 'object' &&
    ['email', 'mobile_num', 'username'].includes(account.kind as string) &&
    isString(account.display) &&
    (name === null ||
      (!!name &&
        typeof name === 'object' &&
        isString(name.first) &&
        isString(name.last) &&
        isNullableString(name.middle) &&
        isNullableString(name.suffix))) &&
    isString(me.initials) &&
    Number.isInteger(me.userType) &&
    isPlatform(me.homePlatform) &&
    Array.isArray(me.platforms) &&
    me.platforms.every(isPlatform) &&
    Number.isInteger(me.createdAt);
  return ok ? (value as MeSummary) : undefined;
};
