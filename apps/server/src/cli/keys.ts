import type { Config } from '../config.js';
import {
  AINFO_TTL_SECONDS,
  createKeyRing,
  KEY_PUBLISH_LEAD_MS,
  OIDC_ALGS,
  signingKeyOf,
} from '../sso/signing-keys.js';
import { createSealer, type PrivateKeySealer } from '../storage/key-encryption.js';
import { createSigningKeyQueries } from '../storage/signing-keys.js';
import { createWebhookQueries, webhookSecretSealer } from '../storage/webhooks.js';
import type { CommandContext, Subcommand } from './context.js';
import { failure, iso, parseCommand, table } from './io.js';

export const keysUsage = `Usage: hub keys <subcommand>

  rotate    make a new ES256 key sign ainfo and OpenID Connect tokens (and a new RS256 key, once
            the OpenID Connect provider has one); the earlier keys stay published at
            /.well-known/jwks.json until the last token they signed has expired (${AINFO_TTL_SECONDS} s)
  list      every signing key: kid, created, retired, how its private half is encrypted, and
            whether it still signs or is published
  rewrap    encrypt every private key with KEY_ENCRYPTION_KEY: after a rotation of that key (with
            the old one in KEY_ENCRYPTION_KEY_PREVIOUS), or for keys stored before encryption

Each takes --json: its result as one JSON document on stdout (the text goes to stderr).`;

const sealerOf = (config: Config) => createSealer(config.keyEncryption);

/** How a stored private key is encrypted, in the operator's words. */
const protectionOf = (sealer: PrivateKeySealer, stored: string) => {
  let protection: ReturnType<PrivateKeySealer['protection']>;
  try {
    protection = sealer.protection(stored);
  } catch {
    return 'unreadable';
  }
  if (protection.kind === 'plain') return 'not encrypted';
  switch (protection.by) {
    case 'current':
      return 'KEY_ENCRYPTION_KEY';
    case 'previous':
      return 'KEY_ENCRYPTION_KEY_PREVIOUS';
    case 'local':
      return 'local stand-in key';
    default:
      return `unknown key ${protection.kekId}`;
  }
};

/** `rotate`: prints the new kid. */
const rotate: Subcommand = (args) => {
  parseCommand(args, {}, []);
  return async ({ config, database, now, out, result }: CommandContext) => {
    const kid = await createKeyRing(database, now, sealerOf(config)).rotate();
    out(`New signing key: ${kid}`);
    result({ kid, signsFrom: now() + KEY_PUBLISH_LEAD_MS });
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
  return async ({ config, database, now, out, result }: CommandContext) => {
    const sealer = sealerOf(config);
    const rows = await createSigningKeyQueries(database.db, sealer).listAll();
    if (rows.length === 0) {
      result({ keys: [] });
      out('No signing keys yet (the hub makes one when it first signs ainfo).');
      return 0;
    }
    const publishedAfter = now() - AINFO_TTL_SECONDS * 1000;
    // Whichever key the key ring itself would sign with now; a listing never makes one.
    const at = now();
    const live = rows.filter((row) => row.retired_at === null || row.retired_at > at);
    // One key of each algorithm signs (ES256 for ainfo and OpenID Connect, RS256 for OpenID Connect).
    const signing = new Set(
      OIDC_ALGS.map(
        (alg) =>
          signingKeyOf(
            live.filter((row) => row.alg === alg),
            at,
          )?.kid,
      ),
    );
    const status = (kid: string, createdAt: number, retiredAt: number | null) => {
      if (signing.has(kid)) return 'signing';
      if (retiredAt === null) return `signs from ${iso(createdAt + KEY_PUBLISH_LEAD_MS)}`;
      return retiredAt > publishedAfter
        ? `published until ${iso(retiredAt + AINFO_TTL_SECONDS * 1000)}`
        : 'retired';
    };
    result({
      keys: rows.map((row) => ({
        kid: row.kid,
        alg: row.alg,
        createdAt: row.created_at,
        retiredAt: row.retired_at,
        encryptedWith: protectionOf(sealer, row.private_jwk),
        status: status(row.kid, row.created_at, row.retired_at),
      })),
    });
    out(
      table([
        ['kid', 'created', 'retired', 'encrypted with', 'status'],
        ...rows.map((row) => [
          row.kid,
          iso(row.created_at),
          iso(row.retired_at),
          protectionOf(sealer, row.private_jwk),
          status(row.kid, row.created_at, row.retired_at),
        ]),
      ]),
    );
    return 0;
  };
};

/** `rewrap`: exits 1 when some key could not be decrypted (it is named, and left as it was). */
const rewrap: Subcommand = (args) => {
  parseCommand(args, {}, []);
  return async ({ config, database, out, err, result: report }: CommandContext) => {
    const sealer = sealerOf(config);
    const result = await createSigningKeyQueries(database.db, sealer).rewrapAll();
    const target = config.keyEncryption.current
      ? 'KEY_ENCRYPTION_KEY'
      : 'the local stand-in key (no KEY_ENCRYPTION_KEY)';
    out(
      `Encrypted anew with ${target} (${sealer.currentKekId}): ${result.rewrapped.length} key(s)${result.rewrapped.length ? `: ${result.rewrapped.join(', ')}` : ''}.`,
    );
    out(`Already encrypted with it: ${result.unchanged.length} key(s).`);
    for (const { id, reason } of result.unreadable) err(`Not rewrapped: ${id}: ${reason}`);
    // The webhook endpoints' signing secrets are sealed with the same KEK (docs/events.md).
    const webhooks = await createWebhookQueries(
      database.db,
      webhookSecretSealer(config.keyEncryption),
    ).rewrapSecrets();
    out(`Webhook endpoint secrets encrypted anew: ${webhooks.rewrapped.length}.`);
    for (const { id, reason } of webhooks.unreadable) err(`Not rewrapped: webhook endpoint ${id}: ${reason}`);
    report({
      rewrapped: result.rewrapped,
      unchanged: result.unchanged,
      unreadable: result.unreadable,
      webhookSecrets: { rewrapped: webhooks.rewrapped, unreadable: webhooks.unreadable },
    });
    const unreadable = result.unreadable.length + webhooks.unreadable.length;
    if (unreadable > 0)
      throw failure(`${unreadable} key(s) or secret(s) could not be decrypted and were left as they were.`);
    return 0;
  };
};

export const keySubcommands: Record<string, Subcommand> = { rotate, list, rewrap };
