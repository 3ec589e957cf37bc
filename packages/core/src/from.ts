import { z } from 'zod';
import { decodeProfileSeed, type ProfileSeed } from './profile-seed.js';
import { malformed, ok, type Result } from './result.js';
import { decodeToolSession, type ToolSession } from './tool-session.js';

/**
 * Spec §2, §3, §4: the `from` parameter means one of three things, by where it arrives:
 * - at /sso/rqx, the tsa key of the tool asking (spec §4 "SSO handler");
 * - on the ubr_profile entry's sign-up, the profile seed the platform sends (spec §3, §5);
 * - on every other screen, the tool session the hub made at /sso/rqx (spec §3).
 * It is parsed once, at the edge, into this tagged union; nothing after reads the raw text again.
 */
export type FromMeaning = 'tsa_key' | 'profile_seed' | 'tool_session';

export type ParsedFrom =
  | { kind: 'tsa_key'; key: string }
  | { kind: 'profile_seed'; seed: ProfileSeed }
  | { kind: 'tool_session'; session: ToolSession };

/** A tsa key as the registry spells one (letters, digits, underscore). */
export const fromTsaKeySchema = z.string().regex(/^[A-Za-z0-9_]{1,128}$/);

/** Which meaning `from` has on a sign-up or login: the ubr_profile entry carries a profile seed. */
export const fromMeaningOf = (where: { entry?: string | null | undefined }): FromMeaning =>
  where.entry === 'ubr_profile' ? 'profile_seed' : 'tool_session';

/**
 * Parses `from` for its meaning where it arrived. A missing or empty value and a value that is not
 * what the meaning asks for are both codec.malformed: the caller decides whether that refuses the
 * request (a tool login without its tool) or only drops the value (a screen's display context).
 */
export const parseFrom = (raw: string | null | undefined, meaning: FromMeaning): Result<ParsedFrom> => {
  if (raw === null || raw === undefined || raw === '') return malformed('missing');
  switch (meaning) {
    case 'tsa_key': {
      const key = fromTsaKeySchema.safeParse(raw);
      return key.success ? ok({ kind: 'tsa_key', key: key.data }) : malformed('not a tsa key');
    }
    case 'profile_seed': {
      const seed = decodeProfileSeed(raw);
      return seed.ok ? ok({ kind: 'profile_seed', seed: seed.value }) : seed;
    }
    case 'tool_session': {
      const session = decodeToolSession(raw);
      return session.ok ? ok({ kind: 'tool_session', session: session.value }) : session;
    }
  }
};

/** The tool session `from` carries on a screen after /sso/rqx, if it is one. */
export const toolSessionFrom = (raw: string | null | undefined): ToolSession | undefined => {
  const parsed = parseFrom(raw, 'tool_session');
  return parsed.ok && parsed.value.kind === 'tool_session' ? parsed.value.session : undefined;
};
