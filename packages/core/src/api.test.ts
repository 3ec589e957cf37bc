import { describe, expect, it } from 'vitest';
import { apiErrorSchema, apiErrorText, catalogueParams, toApiError } from './api.js';

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
      params: { seconds: 30 },
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

  it('carries only the params the message interpolates', () => {
    expect(catalogueParams('rate_limited', { seconds: 5, sql: 'SELECT 1' })).toEqual({ seconds: 5 });
    expect(catalogueParams('account.not_found', { aid: 42 })).toBeUndefined();
    expect(toApiError('account.not_found', { params: { aid: 42 } })).toEqual({
      code: 'account.not_found',
      message: 'Account does not exist',
    });
  });

  it('parses params, and refuses params that are not text or numbers', () => {
    const body = toApiError('account.not_registered_to_tool', { params: { tool: 'Chat' } });
    expect(apiErrorSchema.parse(body)).toEqual(body);
    expect(apiErrorSchema.safeParse({ code: 'x', message: 'y', params: { a: {} } }).success).toBe(false);
  });
});

describe('apiErrorText', () => {
  it('renders code and params through the catalogue, not the server English message', () => {
    const body = { code: 'rate_limited', message: 'ignored', params: { seconds: 12 } };
    expect(apiErrorText(body)).toBe('Too many attempts. Please try again in 12 seconds.');
  });

  it('words the text for the screen', () => {
    const body = toApiError('account.not_found', { field: 'account' });
    expect(apiErrorText(body)).toBe('Account does not exist');
    expect(apiErrorText(body, 'reset')).toBe('Account does not exist.');
  });

  it('falls back to the message of a code it does not know', () => {
    expect(apiErrorText({ code: 'future.code', message: 'Something new' })).toBe('Something new');
  });
});
