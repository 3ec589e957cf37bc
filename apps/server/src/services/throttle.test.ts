import { describe, expect, it } from 'vitest';
import { HubError } from '../errors.js';
import { policy } from '../policy.js';
import { createThrottle } from './throttle.js';

/** How many of `attempts` consumes of one key pass before the first refusal. */
const passes = async (
  throttle: ReturnType<typeof createThrottle>,
  rule: 'lookupPerIp' | 'securityNoticePerAccount',
  attempts: number,
) => {
  let passed = 0;
  for (let i = 0; i < attempts; i += 1) {
    try {
      await throttle.consume(rule, 'key');
      passed += 1;
    } catch (error) {
      expect(error).toBeInstanceOf(HubError);
      expect((error as HubError).code).toBe('rate_limited');
      return passed;
    }
  }
  return passed;
};

describe('RATE_LIMIT_SCALE', () => {
  it('multiplies an abuse limit but not the security notices a person is mailed', async () => {
    const now = () => Date.UTC(2026, 10, 28, 12);
    const scaled = createThrottle({ now, scale: 1000 });
    const lookupPoints = policy.throttle.lookupPerIp.points;
    expect(await passes(scaled, 'lookupPerIp', lookupPoints * 2)).toBe(lookupPoints * 2);
    expect(await passes(scaled, 'securityNoticePerAccount', 20)).toBe(
      policy.throttle.securityNoticePerAccount.points,
    );
    const plain = createThrottle({ now });
    expect(await passes(plain, 'lookupPerIp', lookupPoints * 2)).toBe(lookupPoints);
  });
});
