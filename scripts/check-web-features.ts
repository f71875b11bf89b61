/**
 * Part of `pnpm lint`: a web feature (web/src/features/<name>) imports nothing from another
 * feature; what two features share lives in web/src/components or web/src/lib. Biome's
 * restricted-import patterns match the import text, not where it resolves, so they cannot say
 * "any feature but this one".
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const FEATURES = join(ROOT, 'web', 'src', 'features');

/** The feature an absolute path lies in, or undefined outside web/src/features/<name>/. */
export function featureOf(path: string, features = FEATURES): string | undefined {
  const inside = relative(features, path);
  if (inside === '' || inside.startsWith('..') || !inside.includes(sep)) return undefined;
  return inside.split(sep)[0];
}

/** The feature other than its own that an import of `file` reaches into, or undefined. */
export function foreignFeature(file: string, specifier: string, features = FEATURES): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const own = featureOf(file, features);
  const target = featureOf(resolve(dirname(file), specifier), features);
  return own && target && target !== own ? target : undefined;
}

/** Every module specifier a source text imports or re-exports, dynamic imports included. */
export function importsOf(source: string): string[] {
  return ts.preProcessFile(source, true, true).importedFiles.map((f) => f.fileName);
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(entry.name) ? [path] : [];
  });
}

function main(): void {
  const offences = sourceFiles(FEATURES).flatMap((file) =>
    importsOf(readFileSync(file, 'utf8')).flatMap((specifier) => {
      const other = foreignFeature(file, specifier);
      return other ? [`${relative(ROOT, file)} imports '${specifier}' from the ${other} feature`] : [];
    }),
  );
  if (offences.length > 0) {
    console.error(
      `Web features import each other (move what they share to web/src/components or web/src/lib):\n  ${offences.join('\n  ')}`,
    );
    process.exit(1);
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
