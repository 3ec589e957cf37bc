import { describe, expect, it } from 'vitest';
import { linkingRefusal, linkingRole, loginRefusal } from './access.js';
import type { Platform } from './platform.js';

describe('loginRefusal (spec §4 "Login", §6)', () => {
  it.each<[number, Platform, string | null]>([
    [2, 'psl', 'account.company_on_personal'],
    [2, 'biz', null],
    [5, 'psl', 'account.client_refused'],
    [5, 'biz', 'account.client_refused'],
    [1, 'psl', null],
    [1, 'biz', null],
    [3, 'psl', null],
  ])('ut %i on %s gives %j', (ut, platform, code) => {
    expect(loginRefusal(ut, platform)).toBe(code);
  });
});

describe('linking (spec §6)', () => {
  it('u_type 1 is a business owner and may be linked; any other is a work account', () => {
    expect(linkingRole(1)).toBe('business_owner');
    expect(linkingRefusal(1)).toBeNull();
    for (const uType of [0, 2, 3, 5]) {
      expect(linkingRole(uType)).toBe('added_user');
      expect(linkingRefusal(uType)).toBe('account.work_account_link');
    }
  });
});
