import { newToolCredential } from '../sso/credentials.js';
import type { TestHub } from './app.js';

/** Registers tools as `hub tools add` does, each with a fresh credential; returns the credentials by tid. */
export const registerTools = async (
  hub: TestHub,
  tools: ReadonlyArray<readonly [tid: number, name: string]>,
) => {
  const now = hub.clock.now();
  const credentials: Record<number, string> = {};
  for (const [tid, name] of tools) {
    const { credential, hash } = newToolCredential(tid);
    credentials[tid] = credential;
    await hub.hub.tools.insert({
      tid,
      name,
      type: 1,
      logo: null,
      path_prefix: '',
      credential_hash: hash,
      created_at: now,
      updated_at: now,
    });
  }
  return credentials;
};
