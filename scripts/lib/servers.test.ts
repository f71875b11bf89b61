import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { plainServerCommand, SERVERS, type ServerName, serverCommand } from './servers.ts';

const root = new URL('../../', import.meta.url);
const read = (path: string) => readFileSync(new URL(path, root), 'utf8');

/** The JSON array after `prefix` on the one line that starts with it (YAML flow sequences of
 * double-quoted strings are JSON too). */
function arrayAfter(text: string, prefix: string, near?: string): string[] {
  const lines = text.split('\n');
  const from = near === undefined ? 0 : lines.findIndex((line) => line.startsWith(near));
  const line = lines.slice(from).find((l) => l.trim().startsWith(prefix));
  if (!line) throw new Error(`no line starting with ${prefix}`);
  return JSON.parse(line.trim().slice(prefix.length).trim()) as string[];
}

describe('the static launchers spell the servers command of servers.ts', () => {
  it.each<ServerName>(['gateway', 'workers'])('docker-compose runs %s as serverCommand does', (name) => {
    expect(arrayAfter(read('docker-compose.yml'), 'command:', `  ${name}:`)).toEqual(
      plainServerCommand(name),
    );
  });

  it('the image runs the gateway as serverCommand does', () => {
    expect(arrayAfter(read('Dockerfile'), 'CMD')).toEqual(plainServerCommand('gateway'));
  });

  it.each<ServerName>(['gateway', 'workers'])(
    "the %s package's start script runs its bundle the same way",
    (name) => {
      const pkg = JSON.parse(read(`${name}/package.json`)) as { scripts: { start: string } };
      const bundleInPackage = SERVERS[name].bundle.slice(`${name}/`.length);
      expect(pkg.scripts.start.split(' ')).toEqual([
        ...plainServerCommand(name).slice(0, -1),
        bundleInPackage,
      ]);
    },
  );

  it('pnpm start and the benchmarks run the same flags, then the bundle by absolute path', () => {
    const args = serverCommand('gateway', ['--cpu-prof']);
    expect(args.slice(0, -2)).toEqual(plainServerCommand('gateway').slice(1, -1));
    expect(args.at(-2)).toBe('--cpu-prof');
    expect(args.at(-1)).toMatch(/\/gateway\/dist\/server\.mjs$/);
  });
});
