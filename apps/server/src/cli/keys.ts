import { AINFO_TTL_SECONDS, createKeyRing, KEY_PUBLISH_LEAD_MS, signingKeyOf } from '../sso/signing-keys.js';
import type { CommandContext, Subcommand } from './context.js';
import { iso, parseCommand, table } from './io.js';

export const keysUsage = `Usage: hub keys <subcommand>

  rotate    make a new ES256 key sign ainfo; the earlier keys stay published at
            /.well-known/jwks.json until the last token they signed has expired (${AINFO_TTL_SECONDS} s)
  list      every signing key: kid, created, retired, and whether it still signs or is published`;

/** `rotate`: prints the new kid. */
const rotate: Subcommand = (args) => {
  parseCommand(args, {}, []);
  return async ({ database, now, out }: CommandContext) => {
    const kid = await createKeyRing(database, now).rotate();
    out(`New signing key: ${kid}`);
    out(
      `It is published now and signs from ${iso(now() + KEY_PUBLISH_LEAD_MS)}, so tools that cache the JWKS know it first. ` +
        `Earlier keys sign until then and stay published ${AINFO_TTL_SECONDS} s longer so their tokens still verify.`,
    );
    return 0;
  };
};

/** `list` */
const list: Subcommand = (args) => {
  parseCommand(args, {}, []);
  return async ({ database, now, out }: CommandContext) => {
    // Read-only listing for the operator; the key ring itself never needs every row.
    const rows = await database.db
      .selectFrom('signing_keys')
      .select(['kid', 'created_at', 'retired_at'])
      .orderBy('created_at', 'desc')
      .orderBy('kid', 'desc')
      .execute();
    if (rows.length === 0) {
      out('No signing keys yet (the hub makes one when it first signs ainfo).');
      return 0;
    }
    const publishedAfter = now() - AINFO_TTL_SECONDS * 1000;
    // Whichever key the key ring itself would sign with now; a listing never makes one.
    const at = now();
    const live = rows.filter((row) => row.retired_at === null || row.retired_at > at);
    const signing = signingKeyOf(live, at)?.kid;
    const status = (kid: string, createdAt: number, retiredAt: number | null) => {
      if (kid === signing) return 'signing';
      if (retiredAt === null) return `signs from ${iso(createdAt + KEY_PUBLISH_LEAD_MS)}`;
      return retiredAt > publishedAfter
        ? `published until ${iso(retiredAt + AINFO_TTL_SECONDS * 1000)}`
        : 'retired';
    };
    out(
      table([
        ['kid', 'created', 'retired', 'status'],
        ...rows.map((row) => [
          row.kid,
          iso(row.created_at),
          iso(row.retired_at),
          status(row.kid, row.created_at, row.retired_at),
        ]),
      ]),
    );
    return 0;
  };
};

export const keySubcommands: Record<string, Subcommand> = { rotate, list };
