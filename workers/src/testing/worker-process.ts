import { type ChildProcess, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';

const MAIN = fileURLToPath(new URL('../main.ts', import.meta.url));
// `node --import tsx` rather than the tsx CLI: one process, so the signal reaches our handler directly.
const TSX = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

export type LogLine = { level: number; msg: string; [k: string]: unknown };

export type WorkerProcess = {
  child: ChildProcess;
  logs: LogLine[];
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  stderr: () => string;
  /** Everything it printed, for failure messages. */
  describe: () => string;
};

/**
 * A real workers process (`workers/src/main.ts` through tsx, with extra node arguments, e.g.
 * `--cpu-prof`; or `command`, node's whole argument list, e.g. the built bundle's) with exactly
 * this environment; its JSON log lines are parsed.
 */
export function startWorkerProcess(
  env: Record<string, string>,
  options: { nodeArgs?: string[]; command?: readonly string[] } = {},
): WorkerProcess {
  const child = spawn(
    process.execPath,
    options.command ?? [...(options.nodeArgs ?? []), '--import', TSX, MAIN],
    {
      env: { PATH: process.env.PATH ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const logs: LogLine[] = [];
  let stderr = '';
  let buffered = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
    buffered += chunk;
    const lines = buffered.split('\n');
    buffered = lines.pop() ?? '';
    for (const line of lines) {
      try {
        logs.push(JSON.parse(line) as LogLine);
      } catch {
        logs.push({ level: 0, msg: line });
      }
    }
  });
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return {
    child,
    logs,
    exited,
    stderr: () => stderr,
    describe: () => `stdout:\n${logs.map((l) => JSON.stringify(l)).join('\n')}\nstderr:\n${stderr}`,
  };
}
