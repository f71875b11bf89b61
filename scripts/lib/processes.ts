import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

export type Exit = { code: number | null; signal: NodeJS.Signals | null };

export type Managed = {
  name: string;
  child: ChildProcess;
  /** The child's process id (undefined when it could not be spawned). */
  pid: number | undefined;
  /** Settles once, when the process has exited (or failed to spawn: code null). */
  exited: Promise<Exit>;
  running: () => boolean;
  /** SIGTERM to its process group, SIGKILL after `timeoutMs`; resolves when it is gone. */
  stop: (timeoutMs?: number) => Promise<Exit>;
  /** Immediate SIGKILL of its process group (a second Ctrl-C, or the launcher exiting). */
  kill: () => void;
};

const COLORS = [36, 35, 33, 32, 34, 31];
const useColor = process.stdout.isTTY && !('NO_COLOR' in process.env);
export const paint = (code: number, text: string) => (useColor ? `\x1b[${code}m${text}\x1b[0m` : text);

const LEVELS: Record<number, [string, number]> = {
  10: ['TRACE', 90],
  20: ['DEBUG', 90],
  30: ['INFO ', 32],
  40: ['WARN ', 33],
  50: ['ERROR', 31],
  60: ['FATAL', 41],
};
const QUIET_KEYS = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'name', 'v', 'err', 'reqId']);

/** A pino JSON line as one readable line (plus the stack of an error); other lines unchanged. */
export function formatLogLine(line: string): string {
  if (!line.startsWith('{')) return line;
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return line;
  }
  if (typeof entry.level !== 'number' || typeof entry.msg !== 'string') return line;
  const [label, color] = LEVELS[entry.level] ?? [String(entry.level), 0];
  const time = typeof entry.time === 'number' ? new Date(entry.time).toISOString().slice(11, 23) : '';
  const extra = Object.fromEntries(Object.entries(entry).filter(([k]) => !QUIET_KEYS.has(k)));
  let text = `${paint(90, time)} ${paint(color, label)} ${entry.msg}`;
  if (Object.keys(extra).length) {
    const json = JSON.stringify(extra);
    text += ` ${paint(90, json.length > 400 ? `${json.slice(0, 400)}…` : json)}`;
  }
  const err = entry.err as { stack?: string; message?: string } | undefined;
  if (err) text += `\n${err.stack ?? err.message ?? JSON.stringify(err)}`;
  return text;
}

let colorIndex = 0;

/**
 * Spawn a long-running child in its own process group (so a terminal's Ctrl-C reaches only
 * the launcher, which then stops children in order) with its output prefixed by its name and
 * its JSON log lines made readable (formatLogLine). With `inherit` its output goes straight to
 * the launcher's own stdout and stderr instead, unread by the launcher: for a child that logs
 * on every request and formats its lines itself when a person reads them.
 */
export function spawnManaged(
  name: string,
  command: string,
  args: string[],
  options: {
    cwd: string;
    env: NodeJS.ProcessEnv;
    out?: (line: string) => void;
    inherit?: boolean;
    /** An IPC channel to the child as well (`child.send`): the gateways behind the launcher's front. */
    ipc?: boolean;
  },
): Managed {
  const color = COLORS[colorIndex++ % COLORS.length] ?? 36;
  const prefix = paint(color, `[${name}]`.padEnd(10));
  const out = options.out ?? ((line: string) => process.stdout.write(`${line}\n`));
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: options.env,
    stdio: [
      'ignore',
      options.inherit ? 'inherit' : 'pipe',
      options.inherit ? 'inherit' : 'pipe',
      ...(options.ipc ? (['ipc'] as const) : []),
    ],
    detached: true,
  });
  for (const stream of [child.stdout, child.stderr]) {
    if (!stream) continue;
    createInterface({ input: stream, crlfDelay: Number.POSITIVE_INFINITY }).on('line', (line) => {
      for (const part of formatLogLine(line).split('\n')) out(`${prefix} ${part}`);
    });
  }
  let exit: Exit | undefined;
  const exited = new Promise<Exit>((resolve) => {
    child.once('exit', (code, signal) => {
      exit = { code, signal };
      resolve(exit);
    });
    child.once('error', (err) => {
      out(`${prefix} could not start ${command}: ${err.message}`);
      exit = { code: null, signal: null };
      resolve(exit);
    });
  });
  const running = () => exit === undefined && child.pid !== undefined;
  const signalGroup = (signal: NodeJS.Signals) => {
    if (!running() || child.pid === undefined) return;
    try {
      process.kill(-child.pid, signal);
    } catch {
      child.kill(signal);
    }
  };
  const stop = async (timeoutMs = 20_000) => {
    if (!running()) return exited;
    signalGroup('SIGTERM');
    const timer = setTimeout(() => {
      out(`${prefix} did not stop within ${timeoutMs} ms: killing it`);
      signalGroup('SIGKILL');
    }, timeoutMs);
    const result = await exited;
    clearTimeout(timer);
    return result;
  };
  return { name, child, pid: child.pid, exited, running, stop, kill: () => signalGroup('SIGKILL') };
}

/** Run a command to completion with prefixed output; rejects on a non-zero exit. */
export async function runStep(
  name: string,
  command: string,
  args: string[],
  options: { cwd: string; env: NodeJS.ProcessEnv; track?: (m: Managed) => void },
): Promise<void> {
  const managed = spawnManaged(name, command, args, options);
  options.track?.(managed);
  const { code, signal } = await managed.exited;
  if (code !== 0)
    throw new Error(`${name}: \`${command} ${args.join(' ')}\` failed (${signal ?? `exit code ${code}`})`);
}
