import type { FastifyRequest } from 'fastify';
import { HubError } from '../errors.js';
import type { Hub } from '../hub.js';
import { randomToken, sameHash, sha256 } from '../services/tokens.js';
import type { ToolQueries } from '../storage/tools.js';

/**
 * A tool's server-to-server credential (docs/security.md "Credentials"): `hubtool_<tid>_<secret>`, shown
 * once when made or rotated and stored only as a SHA-256 hash (the secret has 192 random bits, so
 * a slow hash adds nothing). The tid inside lets the hub find the tool without a scan.
 */
export const newToolCredential = (tid: number) => {
  const credential = `hubtool_${tid}_${randomToken(24)}`;
  return { credential, hash: sha256(credential) };
};

/**
 * Registers a tool with a fresh credential, as `hub tools add` does, and returns the credential
 * (the only time it exists in the clear). Its callbacks and tsa keys come separately.
 */
export const registerTool = async (
  tools: ToolQueries,
  tool: { tid: number; name: string; type: number; logo?: string | null; pathPrefix?: string },
  now: number,
): Promise<string> => {
  const { credential, hash } = newToolCredential(tool.tid);
  await tools.insert({
    tid: tool.tid,
    name: tool.name,
    type: tool.type,
    logo: tool.logo ?? null,
    path_prefix: tool.pathPrefix ?? '',
    credential_hash: hash,
    created_at: now,
    updated_at: now,
  });
  return credential;
};

/**
 * Local development only: the seeded catalogue's tools use this fixed credential so the demo tool
 * can redeem tokens without copying a secret around. Never seeded outside APP_ENV=local.
 */
export const localDemoCredential = (tid: number) => `hubtool_${tid}_local-demo-only`;

const credentialPattern = /^hubtool_(\d{1,9})_[A-Za-z0-9_-]{8,64}$/;

/**
 * The tool a presented credential belongs to, or undefined: its current credential, or the one it
 * replaced while that one's grace lasts (`hub tools rotate-credential TID --grace …`).
 */
export const authenticateTool = async (tools: ToolQueries, presented: string | undefined, now: number) => {
  const match = presented ? credentialPattern.exec(presented) : null;
  if (!match || !presented) return undefined;
  const tool = await tools.findByTid(Number(match[1]));
  if (!tool) return undefined;
  const hash = sha256(presented);
  if (tool.credential_hash && sameHash(tool.credential_hash, hash)) return tool;
  const graceLasts = (tool.previous_credential_expires_at ?? 0) > now;
  if (graceLasts && tool.previous_credential_hash && sameHash(tool.previous_credential_hash, hash))
    return tool;
  return undefined;
};

/** `Authorization: Bearer <credential>`. */
export const bearerToken = (header: string | undefined) => {
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return match?.[1];
};

/** The tool calling server to server by its credential in `Authorization: Bearer …`; 401 without one the registry holds. */
export const requireTool = async (hub: Hub, request: FastifyRequest) => {
  const tool = await authenticateTool(hub.tools, bearerToken(request.headers.authorization), hub.now());
  if (!tool) throw new HubError('tool.unauthorized');
  return tool;
};
