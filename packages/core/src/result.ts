/** Why a codec refused its input. Codecs never throw; they answer with this. */
export type CodecError = { code: 'codec.malformed'; reason: string };

/** The outcome of decoding untrusted input (query strings, storage, base64). */
export type Result<T> = { ok: true; value: T } | { ok: false; error: CodecError };

export const ok = <T>(value: T): Result<T> => ({ ok: true, value });

export const malformed = (reason: string): { ok: false; error: CodecError } => ({
  ok: false,
  error: { code: 'codec.malformed', reason },
});
