import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type ErrorCode,
  errorCatalog,
  errorCodes,
  errorMessage,
  errorParamNames,
  errorStatus,
  isErrorCode,
  type MessageScreen,
} from './messages.js';

// Word for word from the spec (§2, §5, §8); a change to any of them must fail here.
const quoted: Record<string, string> = {
  'account.required': 'Account is required',
  'account.not_found': 'Account does not exist',
  'account.already_exists': 'Account already exist.',
  'account.already_linked': 'Account already linked',
  'account.format_invalid': 'Account format is invalid.',
  'account.not_registered_to_tool': 'Account is not registered to {tool}',
  'account.not_registered_to_platform': 'Account is not registered to {platform}',
  'account.client_refused': 'Clients are unable to use their accounts in this particular system.',
  'account.work_account_link': 'You can’t link the work account in business account linking setup',
  'account.mobile_unavailable':
    'Mobile registration is currently unavailable. Please use your email address.',
  'password.incorrect': 'Incorrect password.',
  'password.required': 'Password is required',
  'password.not_equal': 'Not Equal passwords',
  'password.too_common': 'This password is too common. Please choose another one.',
  'code.incorrect': 'Verification code is incorrect',
  'sso.tsa_key_missing': 'AUTHORIZATION_ERROR: TSA key does not exist.',
  'sso.callback_missing': 'AUTHORIZATION_ERROR: Callback URL is missing.',
  'sso.state_invalid': 'AUTHORIZATION_ERROR: State is malformed.',
  rate_limited: 'Too many attempts. Please try again in {seconds} seconds.',
  'account.company_on_personal': 'Company accounts cannot be used on the Personal platform.',
  'network.unreachable': 'We could not reach the server. Please check your connection and try again.',
};

const statuses: Record<string, number> = {
  'account.required': 400,
  'account.not_found': 404,
  'account.already_exists': 409,
  'account.already_linked': 409,
  'account.format_invalid': 400,
  'account.not_registered_to_tool': 403,
  'account.not_registered_to_platform': 403,
  'account.company_on_personal': 403,
  'account.client_refused': 403,
  'account.work_account_link': 403,
  'account.mobile_unavailable': 400,
  'password.incorrect': 401,
  'password.required': 400,
  'password.not_equal': 400,
  'password.too_weak': 400,
  'password.too_common': 400,
  'password.too_long': 400,
  'code.incorrect': 400,
  'code.expired': 400,
  'code.too_many_attempts': 429,
  'second_factor.code_incorrect': 401,
  'second_factor.code_required': 400,
  'second_factor.recovery_incorrect': 401,
  'second_factor.method_unavailable': 400,
  'second_factor.already_enrolled': 409,
  'second_factor.enrolment_not_started': 400,
  'second_factor.not_enrolled': 409,
  'sso.tsa_key_missing': 400,
  'sso.callback_missing': 400,
  'sso.state_invalid': 400,
  'oidc.interaction_invalid': 400,
  'passkey.refused': 401,
  'passkey.already_registered': 409,
  'passkey.limit_reached': 409,
  'tool.unauthorized': 401,
  'tool.forbidden': 403,
  'work_account.owner_required': 403,
  'token.invalid': 401,
  'token.redeemed': 409,
  rate_limited: 429,
  'request.invalid': 400,
  'request.malformed_json': 400,
  not_found: 404,
  'flow.expired': 410,
  'flow.not_found': 404,
  'name.required': 400,
  'name.invalid': 400,
  'name.too_long': 400,
  'session.required': 401,
  'session.not_found': 404,
  'tool.access_not_found': 404,
  'tool.access_managed': 403,
  'oidc.consent_not_found': 404,
  'origin.forbidden': 403,
  'account.locked': 403,
  'challenge.required': 428,
  'challenge.invalid': 403,
  'admin.forbidden': 403,
  'admin.second_factor_required': 403,
  'admin.reason_required': 400,
  'admin.operator_not_found': 404,
  'admin.value_invalid': 400,
  'admin.tool_not_found': 404,
  'admin.tool_exists': 409,
  'admin.tool_protected': 409,
  'admin.callback_not_found': 404,
  'admin.tsa_key_taken': 409,
  'admin.tsa_key_not_found': 404,
  'admin.member_not_found': 404,
  'admin.client_not_found': 404,
  'admin.client_without_secret': 409,
  'admin.no_email': 409,
  internal: 500,
  'service.overloaded': 503,
  'service.unavailable': 503,
  'network.unreachable': 0,
  'password.unchanged': 400,
  'email.required': 400,
  'email.invalid': 400,
  'email.unchanged': 400,
  'provider.not_linked': 404,
  'account.last_sign_in_method': 409,
  'account.fresh_sign_in_required': 403,
  'session.fresh_sign_in_required': 403,
  'account.deletion_pending': 409,
};

describe('errorCatalog (spec §8)', () => {
  it.each(Object.entries(quoted))('%s reads %j', (code, message) => {
    expect(isErrorCode(code)).toBe(true);
    if (isErrorCode(code)) expect(errorCatalog[code].message).toBe(message);
  });

  it('is exactly the agreed set of codes, each with its HTTP status', () => {
    expect([...errorCodes].sort()).toEqual(Object.keys(statuses).sort());
    for (const code of errorCodes) expect([code, errorStatus(code)]).toEqual([code, statuses[code]]);
  });

  it('has a non-empty message for every code, and no two codes share one', () => {
    const messages = errorCodes.map((code) => errorCatalog[code].message);
    for (const message of messages) expect(message.trim()).not.toBe('');
    expect(new Set(messages).size).toBe(messages.length);
  });

  it('words one event per screen: the code names what happened, the screen the wording', () => {
    // Word for word from the spec: the reset and linking screens word these events otherwise.
    const screenWordings: Array<[ErrorCode, MessageScreen, string]> = [
      ['account.not_found', 'reset', 'Account does not exist.'],
      ['account.already_exists', 'linking', 'Account already exists'],
      ['account.format_invalid', 'linking', 'Account format is invalid'],
    ];
    for (const [code, screen, text] of screenWordings) {
      expect(errorMessage(code, undefined, screen)).toBe(text);
      expect(errorMessage(code)).not.toBe(text);
    }
    // A screen without a wording of its own gets the default one.
    expect(errorMessage('account.not_found', undefined, 'linking')).toBe('Account does not exist');
    expect(errorMessage('password.incorrect', undefined, 'reset')).toBe('Incorrect password.');
    // No two codes differ only by wording any more.
    const withoutFullStop = (text: string) => text.replace(/\.$/, '').toLowerCase();
    const normalised = errorCodes.map((code) => withoutFullStop(errorCatalog[code].message));
    expect(new Set(normalised).size).toBe(normalised.length);
  });

  it('names the params each code interpolates, in every wording', () => {
    expect(errorParamNames('rate_limited')).toEqual(['seconds']);
    expect(errorParamNames('account.not_registered_to_tool')).toEqual(['tool']);
    expect(errorParamNames('account.not_found')).toEqual([]);
  });

  it('keeps the typographic apostrophe in the work-account message', () => {
    expect(errorCatalog['account.work_account_link'].message).toContain('can’t');
    expect(errorCatalog['account.work_account_link'].message).not.toContain("can't");
  });

  it('states the password maximum that the rule uses', () => {
    expect(errorCatalog['password.too_long'].message).toContain('256');
  });
});

describe('isErrorCode', () => {
  it('refuses strings that are not codes, including inherited property names', () => {
    for (const value of [
      'toString',
      '__proto__',
      'constructor',
      'account',
      '',
      'ACCOUNT.REQUIRED',
      42,
      null,
    ]) {
      expect(isErrorCode(value)).toBe(false);
    }
  });
});

describe('errorMessage', () => {
  it('fills placeholders', () => {
    expect(errorMessage('account.not_registered_to_tool', { tool: 'Chat' })).toBe(
      'Account is not registered to Chat',
    );
    expect(errorMessage('account.not_registered_to_platform', { platform: 'Business' })).toBe(
      'Account is not registered to Business',
    );
    expect(errorMessage('rate_limited', { seconds: 30 })).toBe(
      'Too many attempts. Please try again in 30 seconds.',
    );
  });

  it('leaves a placeholder without a param visible, and ignores inherited names', () => {
    expect(errorMessage('rate_limited')).toBe('Too many attempts. Please try again in {seconds} seconds.');
    expect(errorMessage('rate_limited', {})).toContain('{seconds}');
  });

  it('returns the message unchanged for codes without placeholders, whatever the params', () => {
    fc.assert(
      fc.property(fc.constantFrom(...errorCodes), fc.dictionary(fc.string(), fc.string()), (code, params) => {
        fc.pre(!errorCatalog[code].message.includes('{'));
        expect(errorMessage(code, params)).toBe(errorCatalog[code].message);
      }),
    );
  });
});
