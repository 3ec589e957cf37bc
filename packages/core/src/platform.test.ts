import { describe, expect, it } from 'vitest';
import {
  appEnvs,
  entries,
  entryPrefix,
  envFromCallbackParam,
  isAppEnv,
  isEntry,
  isPlatform,
  otherPlatform,
  platformFromName,
  platformProductNames,
  platforms,
} from './platform.js';

describe('platforms, entries and environments (spec §2, §4, §9)', () => {
  it('has the closed sets of the spec', () => {
    expect(platforms).toEqual(['psl', 'biz']);
    expect(entries).toEqual(['ubr_main', 'ubr_profile', 'ubr_subtool']);
    expect(appEnvs).toEqual(['local', 'development', 'sandbox', 'production']);
    expect([
      isPlatform('psl'),
      isPlatform('PSL'),
      isEntry('ubr_main'),
      isEntry('main'),
      isAppEnv('sb'),
    ]).toEqual([true, false, true, false, false]);
  });

  it("maps 'personal' to psl and anything else to biz", () => {
    expect(platformFromName('personal')).toBe('psl');
    expect(platformFromName('psl')).toBe('psl');
    expect(platformFromName('business')).toBe('biz');
    expect(platformFromName('Personal')).toBe('biz');
    expect(platformFromName(undefined)).toBe('biz');
  });

  it('names the platforms and swaps them', () => {
    expect(platformProductNames).toEqual({ psl: 'Personal', biz: 'Business' });
    expect(otherPlatform('psl')).toBe('biz');
    expect(otherPlatform('biz')).toBe('psl');
  });

  it('prefixes entry paths with /ubr/{entry}', () => {
    expect(entryPrefix('ubr_profile')).toBe('/ubr/ubr_profile');
    expect(entryPrefix(undefined)).toBe('');
  });

  it.each([
    ['local', 'local'],
    ['development', 'development'],
    ['sandbox', 'sandbox'],
    ['sb', 'sandbox'],
    ['production', 'production'],
    ['prod', 'production'],
    [null, 'production'],
    ['SANDBOX', 'production'],
  ])('callback param %j picks %s', (value, env) => {
    expect(envFromCallbackParam(value)).toBe(env);
  });
});
