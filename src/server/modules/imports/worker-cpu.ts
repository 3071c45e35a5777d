import { readFileSync } from 'node:fs';

/**
 * Clock ticks per second of the times in /proc/PID/stat (USER_HZ). Linux fixes it at 100 for user space on every
 * architecture it ships for, whatever the kernel's own tick rate.
 */
const TICKS_PER_SECOND = 100;

/**
 * The CPU time (user and system, in milliseconds) a process of ours has used so far, from Linux's /proc; undefined
 * where there is no /proc (another system) or the process has gone.
 *
 * Why CPU time: an import worker was stopped after 15 s of the clock, so on a machine shared with other work an
 * honest 5,000-row file could be refused for the machine's load rather than for its own cost. What the limit guards
 * against, a file made to take the server's CPU, is measured by the CPU the worker took.
 */
export function workerCpuMs(pid: number): number | undefined {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
  } catch {
    return undefined;
  }
  // The command name, in parentheses, may hold spaces or parentheses itself: the fields that follow start after the
  // last ')'. There, utime and stime are the 12th and 13th (fields 14 and 15 of the whole line).
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  return Number.isFinite(ticks) ? (ticks * 1000) / TICKS_PER_SECOND : undefined;
}
