import { createHash } from 'node:crypto';
import type { Config } from '../config.js';
import { HubError } from '../errors.js';
import type { HubLog } from '../log.js';
import { policy } from '../policy.js';

/** The most of a range answer read (a real one is about 40 KB with padding); more is not a range. */
const maxRangeBytes = 1_000_000;

/**
 * True when a k-anonymity range service (BREACHED_PASSWORD_URL, the Pwned Passwords API shape:
 * GET <url>/range/<first 5 hex of SHA-1>, answered by `SUFFIX:COUNT` lines) lists the password.
 * Only the first 5 of the SHA-1's 40 hex digits leave the hub; the match is made here. The check
 * fails open: a service that is down, slow (policy.breachedPasswordTimeoutMs) or answers nonsense
 * lets the password through, with a warning in the log, so an outage never stops a sign-up.
 */
export const isBreachedPassword = async (
  baseUrl: string,
  password: string,
  log: HubLog,
): Promise<boolean> => {
  const sha1 = createHash('sha1').update(password, 'utf8').digest('hex').toUpperCase();
  const prefix = sha1.slice(0, 5);
  const suffix = sha1.slice(5);
  try {
    const response = await fetch(`${baseUrl}/range/${prefix}`, {
      headers: { 'Add-Padding': 'true', 'User-Agent': 'account-hub' },
      signal: AbortSignal.timeout(policy.breachedPasswordTimeoutMs),
      redirect: 'error',
    });
    if (!response.ok) {
      log.warn(
        { status: response.status },
        'breached-password service answered an error; the password was not checked',
      );
      return false;
    }
    const text = await response.text();
    if (text.length > maxRangeBytes) throw new Error('range answer too large');
    for (const line of text.split('\n')) {
      const [lineSuffix, count] = line.trim().split(':');
      if (lineSuffix?.toUpperCase() === suffix && Number(count) > 0) return true;
    }
    return false;
  } catch (error) {
    log.warn(
      { reason: (error as Error).message },
      'breached-password service unavailable; the password was not checked',
    );
    return false;
  }
};

/**
 * Refuses a new password (sign-up, reset, password change) that the breached-password service
 * lists, as 'password.too_common' on `field`: a password in a breach is one attackers try first.
 * Nothing when BREACHED_PASSWORD_URL is not set.
 */
export const refuseBreachedPassword = async (
  hub: { config: Pick<Config, 'breachedPasswordUrl'>; log: HubLog },
  password: string,
  field: string,
): Promise<void> => {
  const url = hub.config.breachedPasswordUrl;
  if (url && (await isBreachedPassword(url, password, hub.log)))
    throw new HubError('password.too_common', { field });
};
