import { type Language, toLanguage } from '@hub/core';
import { policy } from '../policy.js';
import type { Db } from '../storage/db.js';
import { createKnownDeviceQueries } from '../storage/known-devices.js';
import { randomToken, sha256 } from './tokens.js';

/**
 * A device is a browser, known by a long-lived random HttpOnly cookie (`hub_device`, `__Host-` on
 * HTTPS; http/request-context.ts sets and reads it) that the hub sets on every sign-in; the server
 * keeps only its SHA-256, per account, in `known_devices` (migration 0019). It says nothing about
 * the person and is not a session: it only tells a sign-in from a browser seen before for that
 * account (no notice, no challenge) from one that is not (docs/security.md "Notices" and
 * "Credential stuffing").
 */
export const DEVICE_COOKIE = 'hub_device';

/** A device cookie's value has this shape; anything else is no cookie. */
export const isDeviceToken = (token: string | undefined): token is string =>
  token !== undefined && /^[A-Za-z0-9_-]{32,64}$/.test(token);

/** The request's device: its cookie's token (a new one when it has none) and the hash the server keeps. */
export const deviceOf = (existing: string | undefined) => {
  const token = isDeviceToken(existing) ? existing : randomToken(32);
  return { token, hash: sha256(token) };
};

/** Whether this browser (its cookie's token) has signed in to the account before. */
export const isKnownDevice = async (db: Db, accountId: string, token: string | undefined) =>
  isDeviceToken(token) && createKnownDeviceQueries(db).isKnown(accountId, sha256(token));

const browsers: Array<[RegExp, string]> = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\b(OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(Firefox|FxiOS)\//, 'Firefox'],
  [/\b(Chrome|CriOS|Chromium)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*Safari\//, 'Safari'],
];
const systems: Array<[RegExp, string]> = [
  [/\b(iPhone|iPod)\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

/** The browser and system a user agent names, as a notice shows them; null when it names neither. */
export const describeDevice = (userAgent: string | undefined): { browser: string; os: string } | null => {
  if (!userAgent) return null;
  const browser = browsers.find(([pattern]) => pattern.test(userAgent))?.[1];
  const os = systems.find(([pattern]) => pattern.test(userAgent))?.[1];
  if (!browser && !os) return null;
  return { browser: browser ?? 'a browser', os: os ?? 'an unknown system' };
};

/**
 * Records that the account signed in from this device, inside the sign-in's transaction, and says
 * whether the person should hear of it: a device not seen before for an account that has other
 * known devices. An account's first known device (its sign-up, or its first sign-in since the hub
 * began keeping devices) is recorded without a notice. The notice is in the language of the
 * account's most recently used known device (the person's), else the request's. An account keeps
 * its `policy.knownDevicesPerAccount` most recently used devices.
 */
export const recordSignInDevice = async (
  trx: Db,
  input: { accountId: string; deviceHash: string; language: Language },
  now: number,
): Promise<{ notify: boolean; language: Language }> => {
  const devices = createKnownDeviceQueries(trx);
  if (await devices.touch(input.accountId, input.deviceHash, input.language, now))
    return { notify: false, language: input.language };
  const latest = await devices.latestLanguage(input.accountId);
  await devices.add(input.accountId, input.deviceHash, input.language, now, policy.knownDevicesPerAccount);
  return { notify: latest !== undefined, language: toLanguage(latest) ?? input.language };
};
