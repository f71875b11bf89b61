import { readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { decode, encode, type SourceMapSegment } from '@jridgewell/sourcemap-codec';
import { describe, expect, it } from 'vitest';
import { plainServerCommand, SERVERS, type ServerName, serverCommand, trimSourceMap } from './servers.ts';

const root = new URL('../../', import.meta.url);
const read = (path: string) => readFileSync(new URL(path, root), 'utf8');

/**
 * The flow sequence of strings after `prefix` (searched from the line starting with `near`), on one
 * line or spread over several as the formatter writes it: double-quoted strings, so JSON once a
 * trailing comma is dropped.
 */
function arrayAfter(text: string, prefix: string, near?: string): string[] {
  const from = near === undefined ? 0 : text.indexOf(`\n${near}`);
  if (from < 0) throw new Error(`no line starting with ${near}`);
  const at = text.indexOf(`${prefix}`, from);
  if (at < 0) throw new Error(`no ${prefix} after ${near}`);
  const open = text.indexOf('[', at);
  const close = text.indexOf(']', open);
  return JSON.parse(text.slice(open, close + 1).replace(/,\s*]$/, ']')) as string[];
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

describe("the servers' source maps", () => {
  const map = (sources: string[], lines: SourceMapSegment[][]) => ({
    version: 3,
    sources,
    names: ['run'],
    sourcesContent: sources.map(() => 'text'),
    mappings: encode(lines),
  });

  it("keep every segment of the project's code and the first of each package line, at its start", () => {
    const trimmed = trimSourceMap(
      map(
        ['../../gateway/src/app.ts', '../../node_modules/.pnpm/fastify@5/node_modules/fastify/fastify.js'],
        [
          [
            [0, 0, 10, 2],
            [8, 0, 10, 9, 0],
          ],
          [
            [4, 1, 200, 4],
            [12, 1, 200, 12],
            [30, 1, 201, 0],
          ],
          [[0], [6, 0, 11, 0]],
        ],
      ),
    );
    expect(decode(trimmed.mappings)).toEqual([
      [
        [0, 0, 10, 2],
        [8, 0, 10, 9, 0],
      ],
      [[0, 1, 200, 4]],
      [[6, 0, 11, 0]],
    ]);
    expect(trimmed.sourcesContent).toBeUndefined();
    expect(trimmed.sources).toHaveLength(2);
  });

  it('map a stack frame in a package to its file and line through Node', () => {
    const trimmed = trimSourceMap(
      map(
        ['../../node_modules/pkg/index.js'],
        [
          [
            [2, 0, 40, 2],
            [9, 0, 40, 9],
          ],
        ],
      ),
    );
    const entry = new SourceMap(trimmed as unknown as ConstructorParameters<typeof SourceMap>[0]).findEntry(
      0,
      9,
    );
    expect(entry).toMatchObject({
      originalSource: expect.stringContaining('pkg/index.js'),
      originalLine: 40,
    });
  });
});
