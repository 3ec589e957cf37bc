/** Types of scripts/processes.mjs for the TypeScript tests. */
export function childrenOf(pid: number): number[];
