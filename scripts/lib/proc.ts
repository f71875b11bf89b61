/**
 * Processes as Linux's /proc shows them: what a harness that started `pnpm start` needs to find
 * the processes below it (a gateway, the workers, Redis, PostgreSQL) and read their memory.
 */
import { readdirSync, readFileSync } from 'node:fs';

/** The pids of `root`'s descendants, children before grandchildren (each process's parent in its `stat`). */
export function descendants(root: number): number[] {
  const parent = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // The command name may hold spaces: the fields after its closing parenthesis.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parent.set(Number(entry), ppid);
    } catch {
      // gone
    }
  }
  const found: number[] = [];
  let level = [root];
  while (level.length > 0) {
    const next = [...parent].filter(([, ppid]) => level.includes(ppid)).map(([pid]) => pid);
    found.push(...next.sort((a, b) => a - b));
    level = next;
  }
  return found;
}

/** A process's command line, its arguments separated by NUL ('' once it is gone). */
export function cmdline(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    return '';
  }
}

/** A process's parent pid (undefined once it is gone). */
export function parentOf(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return undefined;
  }
}

/** Resident memory of a process in bytes (VmRSS), undefined once it is gone or a zombie. */
export function rssBytes(pid: number): number | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = /^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1];
    return kb === undefined ? undefined : Number(kb) * 1024;
  } catch {
    return undefined;
  }
}
