import { PassThrough } from 'node:stream';
import { runCli } from '../cli.js';

/** Runs `hub <argv>` in this process, as an operator would, and returns its exit code and output. */
export const runHubCli = async (argv: string[], env: NodeJS.ProcessEnv, now?: () => number) => {
  const out = new PassThrough();
  const err = new PassThrough();
  const chunks = { out: '', err: '' };
  out.on('data', (c) => (chunks.out += c));
  err.on('data', (c) => (chunks.err += c));
  const code = await runCli(argv, { out, err, env, now });
  return { code, ...chunks };
};
