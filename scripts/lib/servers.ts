/**
 * The servers as they run: the gateway and the workers, each bundled into one ES module
 * (`gateway/dist/server.mjs`, `workers/dist/main.mjs`, with source maps) and started by plain
 * `node`, without tsx's loader: one module graph, loaded once, is what the placement and
 * settlement benchmarks measured best (docs/performance.md).
 *
 * `serverCommand` is how every launcher here starts one (`pnpm start`, the benchmarks); the
 * packages' `start` scripts, the Dockerfile and docker-compose spell `plainServerCommand`, as
 * JSON and YAML cannot import it (servers.test.ts holds them to it). Native addons and packages
 * that read their own files at run time
 * stay out of the bundle (EXTERNAL). A bundle is a build output for the machine that built it
 * (those packages by absolute path); `pnpm start`, the Docker image and the benchmarks build it
 * before they run it.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { decode, encode, type SourceMapSegment } from '@jridgewell/sourcemap-codec';
import { build, type Plugin } from 'esbuild';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

export const SERVERS = {
  gateway: { entry: 'gateway/src/server.ts', bundle: 'gateway/dist/server.mjs' },
  workers: { entry: 'workers/src/main.ts', bundle: 'workers/dist/main.mjs' },
} as const;

export type ServerName = keyof typeof SERVERS;

/**
 * V8 flags of each server, the only place they are written (ADR 0014). The gateway's young
 * generation is larger and its old generation grows further between full collections: what it
 * allocates per request then dies in a scavenge instead of being promoted, and placement at half
 * load keeps its p99 (docs/performance.md). The workers run with Node's defaults.
 */
export const SERVER_NODE_FLAGS: Record<ServerName, readonly string[]> = {
  gateway: ['--max-semi-space-size=64', '--heap-growing-percent=300'],
  workers: [],
};

/** A built server's command line relative to the repository root, as the Dockerfile spells it. */
export function plainServerCommand(name: ServerName): string[] {
  return ['node', '--enable-source-maps', ...SERVER_NODE_FLAGS[name], SERVERS[name].bundle];
}

/**
 * `node` arguments that run a built server: stack traces through the source maps (they point
 * into the TypeScript, not the bundle), its V8 flags, then `extraNodeArgs` (a benchmark's
 * `--cpu-prof`), then its bundle.
 */
export function serverCommand(name: ServerName, extraNodeArgs: readonly string[] = []): string[] {
  return [
    '--enable-source-maps',
    ...SERVER_NODE_FLAGS[name],
    ...extraNodeArgs,
    `${ROOT}${SERVERS[name].bundle}`,
  ];
}

/**
 * Packages left out of the bundles, imported at run time by the absolute path esbuild resolves
 * for the importing file (pnpm gives each package only its own dependencies): native addons,
 * and packages that read their own files at run time (worker threads, static assets).
 */
const EXTERNAL = [
  '@node-rs/argon2',
  'msgpackr-extract',
  'bufferutil',
  'utf-8-validate',
  'pino',
  'pino-pretty',
  'thread-stream',
  '@fastify/static',
  '@fastify/swagger-ui',
  // Loads its standard fonts' metrics through its package's own subpath imports at run time.
  'pdfkit',
];
const isExternal = (spec: string) => EXTERNAL.some((name) => spec === name || spec.startsWith(`${name}/`));

const externalByPath: Plugin = {
  name: 'external-by-path',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, async (args) => {
      if (args.pluginData === 'resolving' || !isExternal(args.path)) return undefined;
      const resolved = await b.resolve(args.path, {
        kind: args.kind,
        resolveDir: args.resolveDir,
        importer: args.importer,
        pluginData: 'resolving',
      });
      // An optional dependency that is not installed: left to its importer's try/catch.
      if (resolved.errors.length > 0) return { path: args.path, external: true };
      return { path: resolved.path, external: true };
    });
  },
};

/**
 * What a source map holds: a line per bundle line, each a list of segments
 * `[column, source, line, column, name?]` (VLQ-encoded in `mappings`).
 */
type SourceMapJson = { sources: string[]; mappings: string; names?: string[]; sourcesContent?: unknown };

/**
 * The bundle's source map as the servers keep it. Node parses a whole map into memory on the
 * first stack trace it formats, and a map with a segment per token of every package weighs
 * tens of MB of heap per process and stalls the event loop while it is built. The project's own
 * code keeps every segment (a stack frame points at its exact line and column in the
 * TypeScript); a package's code keeps one segment per line, at its start (its frames name the
 * right file and line), which is most of the map. No source texts: Node maps positions without them.
 */
export function trimSourceMap(map: SourceMapJson): SourceMapJson {
  const ofPackage = map.sources.map((source) => source.includes('node_modules/'));
  const lines = decode(map.mappings).map((segments) => {
    const kept: SourceMapSegment[] = [];
    for (const segment of segments) {
      if (segment.length === 1) continue;
      const [, source, line, column] = segment;
      if (!ofPackage[source]) kept.push(segment);
      else if (kept.length === 0) kept.push([0, source, line, column]);
    }
    return kept;
  });
  const { sourcesContent: _, ...rest } = map;
  return { ...rest, mappings: encode(lines) };
}

/**
 * CommonJS code in an ES module bundle still calls require() and reads __dirname. The stack
 * formatted at the top makes Node parse the source map when the server starts rather than on
 * its first error (with --enable-source-maps; without, it costs nothing): its memory is part of
 * the process from the start instead of a step at the first fault.
 */
const BANNER = [
  "import { createRequire as __createRequire } from 'node:module';",
  "import { fileURLToPath as __fileURLToPath } from 'node:url';",
  "import { dirname as __dirnameOf } from 'node:path';",
  'const require = __createRequire(import.meta.url);',
  'const __filename = __fileURLToPath(import.meta.url);',
  'const __dirname = __dirnameOf(__filename);',
  'void new Error().stack;',
].join('\n');

/**
 * Bundle one server (or both); resolves with the bundles' paths. Each file is written aside and
 * renamed into place, so a process starting meanwhile (tests build while others run) loads the
 * old bundle or the new one, never half of one.
 */
export async function buildServers(names: readonly ServerName[] = ['gateway', 'workers']): Promise<string[]> {
  const out: string[] = [];
  for (const name of names) {
    const server = SERVERS[name];
    const outfile = `${ROOT}${server.bundle}`;
    const result = await build({
      entryPoints: [`${ROOT}${server.entry}`],
      outfile,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      sourcemap: 'linked',
      logLevel: 'warning',
      banner: { js: BANNER },
      plugins: [externalByPath],
      write: false,
    });
    mkdirSync(dirname(outfile), { recursive: true });
    for (const file of result.outputFiles) {
      const aside = `${file.path}.${process.pid}.${randomBytes(4).toString('hex')}`;
      writeFileSync(
        aside,
        file.path.endsWith('.map')
          ? JSON.stringify(trimSourceMap(JSON.parse(file.text) as SourceMapJson))
          : file.contents,
      );
      renameSync(aside, file.path);
    }
    out.push(outfile);
  }
  return out;
}

// `node --import tsx scripts/lib/servers.ts [gateway|workers]`: what each package's `build` runs.
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const names = process.argv.slice(2) as ServerName[];
  for (const name of names) if (!(name in SERVERS)) throw new Error(`not a server: ${name}`);
  const built = await buildServers(names.length > 0 ? names : undefined);
  for (const file of built) console.log(`built ${file}`);
}
