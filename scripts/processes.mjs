// Processes as Linux's /proc shows them, for the bench (bench/lib/hub.mjs) and the browser tests
// (e2e/support/process.ts), which both start hubs and must find what those hubs started.
import { readdirSync, readFileSync } from 'node:fs';

/** The parent of process `pid` from its stat line (the fields after the command's parenthesis), or -1. */
const parentOf = (pid) => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return -1;
  }
};

/**
 * The processes `pid` started that are still running, none once it has ended: its task's
 * `children` file, or where the kernel has none (built without CONFIG_PROC_CHILDREN) every process
 * whose parent it is.
 */
export const childrenOf = (pid) => {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number);
  } catch {
    return readdirSync('/proc')
      .filter((name) => /^\d+$/.test(name))
      .map(Number)
      .filter((child) => parentOf(child) === pid);
  }
};
