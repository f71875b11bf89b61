/**
 * `pnpm licenses:check`: fails, naming the packages, when a production dependency is under a
 * GPL-family licence (GPL, AGPL or LGPL), unless its expression offers a licence outside that
 * family ("MIT OR GPL-3.0" passes: we take the MIT). CI runs it right after installing.
 */
import { execFileSync } from 'node:child_process';
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** One package as `pnpm licenses list --json` reports it. */
export type LicensedPackage = { name: string; versions: string[]; license: string };

const GPL_FAMILY = /\b[AL]?GPL|General Public License/i;

type Expr = { any: Expr[] } | { all: Expr[] } | { id: string };

/** SPDX-style expression: OR binds loosest, then AND; `WITH <exception>` stays part of its licence. */
function parse(expression: string): Expr {
  const tokens = expression.match(/\(|\)|[^\s()]+/g) ?? [];
  let at = 0;
  const peek = () => tokens[at]?.toUpperCase();

  function either(): Expr {
    const options = [both()];
    while (peek() === 'OR') {
      at++;
      options.push(both());
    }
    return options.length === 1 ? options[0]! : { any: options };
  }
  function both(): Expr {
    const parts = [single()];
    while (peek() === 'AND') {
      at++;
      parts.push(single());
    }
    return parts.length === 1 ? parts[0]! : { all: parts };
  }
  function single(): Expr {
    if (tokens[at] === '(') {
      at++;
      const inner = either();
      if (tokens[at++] !== ')') throw new Error('unbalanced parentheses');
      return inner;
    }
    const words: string[] = [];
    while (at < tokens.length && tokens[at] !== ')' && peek() !== 'OR' && peek() !== 'AND') {
      words.push(tokens[at++]!);
    }
    if (words.length === 0) throw new Error('missing licence');
    return { id: words.join(' ') };
  }

  const expr = either();
  if (at !== tokens.length) throw new Error('unexpected text after the expression');
  return expr;
}

function acceptable(expr: Expr): boolean {
  if ('any' in expr) return expr.any.some(acceptable);
  if ('all' in expr) return expr.all.every(acceptable);
  return !GPL_FAMILY.test(expr.id);
}

/** True when the licence leaves us bound by a GPL-family licence. Unreadable text counts against it. */
export function isCopyleft(license: string): boolean {
  try {
    return !acceptable(parse(license));
  } catch {
    return GPL_FAMILY.test(license);
  }
}

/** The packages under a GPL-family licence, as `name@versions (licence)`. */
export function copyleftPackages(report: Record<string, LicensedPackage[]>): string[] {
  return Object.values(report)
    .flat()
    .filter((pkg) => isCopyleft(pkg.license))
    .map((pkg) => `${pkg.name}@${pkg.versions.join(', ')} (${pkg.license})`)
    .sort();
}

function main(): void {
  const json = execFileSync('pnpm', ['licenses', 'list', '--prod', '--json'], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  const report = JSON.parse(json) as Record<string, LicensedPackage[]>;
  const offenders = copyleftPackages(report);
  if (offenders.length > 0) {
    console.error(`Production dependencies under a GPL-family licence:\n  ${offenders.join('\n  ')}`);
    process.exit(1);
  }
  const count = Object.values(report).flat().length;
  console.log(`${count} production packages, none under GPL, AGPL or LGPL.`);
}

const entry = process.argv[1];
if (entry && realpathSync(entry) === realpathSync(fileURLToPath(import.meta.url))) main();
