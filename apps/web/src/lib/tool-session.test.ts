import { TOOL_SESSION_STORAGE_KEY } from '@hub/core';
import { describe, expect, it } from 'vitest';
import { clearStaleToolSession } from './tool-session';

const storageWith = (value: string | null) => {
  const items = new Map<string, string>(value === null ? [] : [[TOOL_SESSION_STORAGE_KEY, value]]);
  return {
    getItem: (key: string) => items.get(key) ?? null,
    removeItem: (key: string) => void items.delete(key),
    has: () => items.has(TOOL_SESSION_STORAGE_KEY),
  };
};

const check = (search: string, saved: string | null = '{"tid":201}') => {
  const storage = storageWith(saved);
  const reloads: string[] = [];
  const outcome = clearStaleToolSession({
    search,
    pathname: '/psl/login',
    storage,
    reload: (path) => reloads.push(path),
  });
  return { outcome, reloads, stillSaved: storage.has() };
};

describe('the application-load check (spec §4)', () => {
  it('keeps the tool session while the URL carries from', () => {
    expect(check('?from=abc')).toEqual({ outcome: 'kept', reloads: [], stillSaved: true });
  });

  it('does nothing without a saved tool session', () => {
    expect(check('?oidc=x', null)).toEqual({ outcome: 'kept', reloads: [], stillSaved: false });
  });

  it('removes a stale session and reloads to the path, dropping the tool parameters', () => {
    expect(check('?tid=204&pricing=monthly')).toEqual({
      outcome: 'reloading',
      reloads: ['/psl/login'],
      stillSaved: false,
    });
  });

  it('removes it without a reload when sainfo is present', () => {
    expect(check('?sainfo=abc')).toEqual({ outcome: 'cleared', reloads: [], stillSaved: false });
  });

  it('never interrupts an OpenID Connect sign-in: no reload, the oidc parameter stays', () => {
    expect(check('?oidc=uid123')).toEqual({ outcome: 'cleared', reloads: [], stillSaved: false });
  });

  it("keeps the hub's own next and lng parameters through the reload", () => {
    expect(check('?next=%2Faccount%2Fsecurity&lng=fil&tid=1').reloads).toEqual([
      '/psl/login?next=%2Faccount%2Fsecurity&lng=fil',
    ]);
  });
});
