/** Spec §2, §6: the two platform audiences. */
export const platforms = ['psl', 'biz'] as const;
export type Platform = (typeof platforms)[number];
export const isPlatform = (value: unknown): value is Platform =>
  typeof value === 'string' && (platforms as readonly string[]).includes(value);

/** Spec §2: a platform value 'personal' maps to psl; anything else maps to biz. */
export const platformFromName = (name: string | null | undefined): Platform =>
  name === 'personal' || name === 'psl' ? 'psl' : 'biz';

export const otherPlatform = (platform: Platform): Platform => (platform === 'psl' ? 'biz' : 'psl');

/** The platform's product name as users see it (spec §8 "Account is not registered to" + name). */
export const platformProductNames: Record<Platform, string> = {
  psl: 'Personal',
  biz: 'Business',
};

/** Spec §2: sign-up entry variants; their paths carry the prefix /ubr/{entry}. */
export const entries = ['ubr_main', 'ubr_profile', 'ubr_subtool'] as const;
export type Entry = (typeof entries)[number];
export const isEntry = (value: unknown): value is Entry =>
  typeof value === 'string' && (entries as readonly string[]).includes(value);

export const entryPrefix = (entry: Entry | undefined): string => (entry ? `/ubr/${entry}` : '');

/** Spec §9: environments. 'sb' is accepted as an alias of sandbox where a callback param names one. */
export const appEnvs = ['local', 'development', 'sandbox', 'production'] as const;
export type AppEnv = (typeof appEnvs)[number];
export const isAppEnv = (value: unknown): value is AppEnv =>
  typeof value === 'string' && (appEnvs as readonly string[]).includes(value);

/** The environment names the spec's calls use (spec §4: sb is short for sandbox). */
export const callbackEnvNames = ['local', 'development', 'sandbox', 'sb', 'production'] as const;

/** Spec §4: the callback param picks the environment: local, development, sandbox or sb, otherwise production. */
export const envFromCallbackParam = (value: string | null | undefined): AppEnv => {
  switch (value) {
    case 'local':
      return 'local';
    case 'development':
      return 'development';
    case 'sandbox':
    case 'sb':
      return 'sandbox';
    default:
      return 'production';
  }
};
