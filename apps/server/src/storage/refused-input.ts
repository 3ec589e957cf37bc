/**
 * PostgreSQL's answers to a value that cannot be stored at all (SQLSTATE class 22): a character
 * not in the encoding (22021), one with no equivalent in it (22P05), a number past the column
 * (22003), text that is not a valid value of the column's type (22P02). They mean the request
 * carried bad input the edge rules let through: the request is refused (400), it is not our fault.
 * SQLite stores these values without complaint, so it never answers them.
 */
const refusedInputStates = new Set(['22021', '22P05', '22003', '22P02']);

/** True when `error` (or an error it wraps) is the database refusing a value as unstorable. */
export const isInputRefusedByDatabase = (error: unknown): boolean => {
  let current = error;
  for (let depth = 0; depth < 4 && current instanceof Error; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && refusedInputStates.has(code)) return true;
    current = current.cause;
  }
  return false;
};
