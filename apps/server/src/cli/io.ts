import { parseArgs } from 'node:util';
import type { HubLog } from '../log.js';

/** Where a command writes, what it reads, and its clock (tests move time instead of sleeping). */
export interface CliIo {
  out: NodeJS.WritableStream;
  err: NodeJS.WritableStream;
  env: NodeJS.ProcessEnv;
  now?: () => number;
}

/** The server parts a command uses (the database) log to the command's stderr, one plain line each. */
export const cliLog = (io: CliIo): HubLog => {
  const line = (level: string) => (_details: Record<string, unknown>, message: string) => {
    io.err.write(`${level}: ${message}\n`);
  };
  return { info: line('info'), warn: line('warning'), error: line('error') };
};

/** sysexits.h: 64 is a usage error, 78 a configuration error; 1 is "not found" or a conflict. */
export const EXIT = { ok: 0, failure: 1, usage: 64, config: 78 } as const;

/** A refusal the operator can act on: its message goes to stderr and the process exits with its code. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: number,
  ) {
    super(message);
  }
}

export const usageError = (message: string) => new CliError(message, EXIT.usage);
export const failure = (message: string) => new CliError(message, EXIT.failure);

type OptionSpec = Record<string, { type: 'string' | 'boolean'; multiple?: boolean }>;
type Values<O extends OptionSpec> = {
  [K in keyof O]?: O[K]['type'] extends 'boolean'
    ? boolean
    : O[K]['multiple'] extends true
      ? string[]
      : string;
};

/**
 * node:util parseArgs, strict, with its errors turned into usage errors, and the positionals
 * checked against the names the command expects (so a missing or extra argument is named).
 */
export const parseCommand = <const O extends OptionSpec>(
  args: string[],
  options: O,
  positionals: string[],
): { values: Values<O>; positionals: string[] } => {
  let parsed: { values: unknown; positionals: string[] };
  try {
    parsed = parseArgs({ args, options, allowPositionals: true, strict: true });
  } catch (error) {
    throw usageError((error as Error).message);
  }
  if (parsed.positionals.length < positionals.length)
    throw usageError(`Missing ${positionals.slice(parsed.positionals.length).join(' ')}.`);
  if (parsed.positionals.length > positionals.length)
    throw usageError(`Unexpected argument: ${parsed.positionals[positionals.length]}.`);
  return { values: parsed.values as Values<O>, positionals: parsed.positionals };
};

/** Left-aligned columns, two spaces apart; the first row is the header. */
export const table = (rows: string[][]): string => {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? '').length)));
  return rows
    .map((row) =>
      row.map((cell, column) => (column === row.length - 1 ? cell : cell.padEnd(widths[column]!))).join('  '),
    )
    .join('\n');
};

export const iso = (epochMs: number | null) => (epochMs === null ? '-' : new Date(epochMs).toISOString());
