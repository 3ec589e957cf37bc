import { registerTool } from '../sso/credentials.js';
import type { TestHub } from './app.js';

/** Registers tools as `hub tools add` does, each with a fresh credential; returns the credentials by tid. */
export const registerTools = async (
  hub: TestHub,
  tools: ReadonlyArray<readonly [tid: number, name: string]>,
) => {
  const credentials: Record<number, string> = {};
  for (const [tid, name] of tools) {
    credentials[tid] = await registerTool(hub.hub.tools, { tid, name, type: 1 }, hub.clock.now());
  }
  return credentials;
};
