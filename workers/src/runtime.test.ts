import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { WORKERS_NODE_ARGS } from '@app/shared';
import { describe, expect, it } from 'vitest';

const read = (path: string) => readFileSync(new URL(path, import.meta.url), 'utf8');

// Every launcher of the workers process gives it the same Node flags. `pnpm start` and the test
// and benchmark processes take them from WORKERS_NODE_ARGS; these two files spell them out.
describe('the workers Node flags', () => {
  it('are in the workers start script', () => {
    const start = (JSON.parse(read('../package.json')) as { scripts: Record<string, string> }).scripts.start;
    expect(start).toBe(`node ${WORKERS_NODE_ARGS.join(' ')} --import tsx src/main.ts`);
  });

  it("are in docker-compose's workers command", () => {
    const command = /\n {2}workers:\n[\s\S]*?\n {4}command: (\[.*\])/.exec(
      read('../../docker-compose.yml'),
    )?.[1];
    expect(command && (JSON.parse(command) as string[])).toEqual([
      'node',
      ...WORKERS_NODE_ARGS,
      '--import',
      'tsx',
      'workers/src/main.ts',
    ]);
  });

  it('are flags this Node starts with', () => {
    // A flag Node does not know stops the process before any code runs ("bad option").
    const run = spawnSync(process.execPath, [...WORKERS_NODE_ARGS, '-e', 'process.stdout.write("up")'], {
      encoding: 'utf8',
    });
    expect(run.stderr).toBe('');
    expect(run.stdout).toBe('up');
  });
});
