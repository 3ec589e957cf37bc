/** Types of scripts/long-functions.mjs for the TypeScript test that holds the limit. */
export interface FunctionSize {
  /** The file, relative to the repository's root, with forward slashes. */
  file: string;
  name: string;
  /** The function's first line (1-based). */
  line: number;
  /** Its length in lines, first and last included. */
  lines: number;
}

export const SCANNED: string[];
export function functionsOf(path: string, text: string): FunctionSize[];
export function listFunctions(root?: string): FunctionSize[];
