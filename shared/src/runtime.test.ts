import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { GATEWAY_NODE_ARGS, WORKERS_NODE_ARGS } from './runtime.ts';

const read = (path: string) => readFileSync(new URL(path, import.meta.url), 'utf8');

// Every launcher of a server process gives it the same Node flags. `pnpm start` and the test
// and benchmark processes take them from runtime.ts; these files spell them out, and run the
// bundle (scripts/lib/servers.ts) as `pnpm start` does.
describe.each([
  { service: 'gateway', flags: GATEWAY_NODE_ARGS, main: 'dist/server.mjs' },
  { service: 'workers', flags: WORKERS_NODE_ARGS, main: 'dist/main.mjs' },
])('the $service Node flags', ({ service, flags, main }) => {
  it('are in the package start script', () => {
    const pkg = JSON.parse(read(`../../${service}/package.json`)) as { scripts: Record<string, string> };
    expect(pkg.scripts.start).toBe(`node ${flags.join(' ')} --enable-source-maps ${main}`);
  });

  it("are in docker-compose's command", () => {
    // The flow sequence on one line or several (with a trailing comma, as the formatter writes it).
    const command = new RegExp(`\\n {2}${service}:\\n[\\s\\S]*?\\n {4}command:\\s*(\\[[^\\]]*\\])`)
      .exec(read('../../docker-compose.yml'))?.[1]
      ?.replace(/,\s*\]$/, ']');
    expect(command && (JSON.parse(command) as string[])).toEqual([
      'node',
      ...flags,
      '--enable-source-maps',
      `${service}/${main}`,
    ]);
  });

  it('are flags this Node starts with', () => {
    // A flag Node does not know stops the process before any code runs ("bad option").
    const run = spawnSync(process.execPath, [...flags, '-e', 'process.stdout.write("up")'], {
      encoding: 'utf8',
    });
    expect(run.stderr).toBe('');
    expect(run.stdout).toBe('up');
  });
});

it("the Dockerfile's CMD (the image alone) runs the gateway's bundle with its flags", () => {
  const cmd = /\nCMD (\[.*\])/.exec(read('../../Dockerfile'))?.[1];
  expect(cmd && (JSON.parse(cmd) as string[])).toEqual([
    'node',
    ...GATEWAY_NODE_ARGS,
    '--enable-source-maps',
    'gateway/dist/server.mjs',
  ]);
});
