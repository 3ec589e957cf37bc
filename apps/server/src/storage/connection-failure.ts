/**
 * Start-up errors that mean DATABASE_URL cannot work as given: no such database, nothing listening,
 * an unknown host, refused credentials, a SQLite file that cannot be opened. For these the operator
 * needs one line naming the variable, where it points and the cause, not a stack trace; and a
 * supervisor needs exit code 78 (configuration), so it stops restarting a hub that cannot start.
 */

/** PostgreSQL SQLSTATEs that only a change of configuration (or of the server's) can cure. */
const postgresCodes: Record<string, string> = {
  '3D000': 'the database does not exist',
  '28P01': 'the password was refused',
  '28000': 'the server refused this user or client',
  '42501': 'this user may not use the database',
};

/** Node's network errors, and SQLite's and the file system's when the file cannot be opened. */
const systemCodes: Record<string, string> = {
  ECONNREFUSED: 'connection refused (nothing listens there)',
  ENOTFOUND: 'the host name does not resolve',
  EAI_AGAIN: 'the host name does not resolve (DNS did not answer)',
  EHOSTUNREACH: 'the host is unreachable',
  ENETUNREACH: 'the network is unreachable',
  ETIMEDOUT: 'the connection timed out',
  EACCES: 'permission denied',
  EROFS: 'the file system is read-only',
  ENOTDIR: 'a part of the path is not a directory',
  EEXIST: 'a file stands where its directory should be',
  SQLITE_CANTOPEN: 'the file cannot be opened',
  SQLITE_NOTADB: 'the file is not a SQLite database',
  SQLITE_READONLY: 'the file is read-only',
  SQLITE_PERM: 'permission denied',
};

interface ErrorLike {
  code?: unknown;
  message?: unknown;
  cause?: unknown;
  errors?: unknown;
}

/** The error and everything it wraps (`cause`, and an AggregateError's `errors`). */
const chain = (error: unknown, seen = new Set<unknown>()): ErrorLike[] => {
  if (!error || typeof error !== 'object' || seen.has(error)) return [];
  seen.add(error);
  const e = error as ErrorLike;
  const inner = Array.isArray(e.errors) ? e.errors : [];
  return [e, ...chain(e.cause, seen), ...inner.flatMap((x) => chain(x, seen))];
};

/** Where DATABASE_URL points, without its password. */
const target = (databaseUrl: string): string => {
  if (databaseUrl.startsWith('sqlite:')) return `SQLite file ${databaseUrl.slice('sqlite:'.length)}`;
  try {
    const url = new URL(databaseUrl);
    const database = decodeURIComponent(url.pathname.replace(/^\//, '')) || '(default)';
    return `PostgreSQL at ${url.host || 'localhost'}, database ${database}`;
  } catch {
    return 'the database';
  }
};

/** One line for an error that DATABASE_URL causes, or undefined for any other error. */
export const describeDatabaseFailure = (error: unknown, databaseUrl: string): string | undefined => {
  for (const e of chain(error)) {
    const code = typeof e.code === 'string' ? e.code : undefined;
    const reason = code ? (postgresCodes[code] ?? systemCodes[code]) : undefined;
    if (!reason) continue;
    const message = typeof e.message === 'string' && e.message ? e.message : code;
    return `Cannot use DATABASE_URL (${target(databaseUrl)}): ${reason}: ${message}`;
  }
  return undefined;
};
