import { describe, expect, it } from 'vitest';
import { apiErrorSchema, toApiError } from './api.js';

describe('API error body (one catalogue of errors)', () => {
  it('builds a catalogue error with field and retryAfter only when given', () => {
    expect(toApiError('account.not_found', { field: 'account' })).toEqual({
      code: 'account.not_found',
      message: 'Account does not exist',
      field: 'account',
    });
    expect(toApiError('rate_limited', { params: { seconds: 30 }, retryAfter: 30 })).toEqual({
      code: 'rate_limited',
      message: 'Too many attempts. Please try again in 30 seconds.',
      retryAfter: 30,
    });
    expect(Object.keys(toApiError('internal'))).toEqual(['code', 'message']);
  });

  it('parses what it builds, and refuses bodies without code or message', () => {
    expect(apiErrorSchema.safeParse(toApiError('password.incorrect', { field: 'password' })).success).toBe(
      true,
    );
    expect(apiErrorSchema.safeParse({ message: 'x' }).success).toBe(false);
    expect(apiErrorSchema.safeParse({ code: 'x' }).success).toBe(false);
    expect(apiErrorSchema.safeParse({ code: 'x', message: 'y', retryAfter: '3' }).success).toBe(false);
  });
});
