import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The money functions' current bodies, one file each in db/sql (`<function>.sql`, a single
 * CREATE OR REPLACE FUNCTION). They are applied after the migrations on every start, so the
 * file is the function: nobody reconstructs one from the migrations that changed it. A change
 * of a function's arguments or result type needs a migration that drops the old one first
 * (CREATE OR REPLACE cannot change them).
 */
export const SQL_FUNCTIONS_FOLDER = fileURLToPath(new URL('../sql', import.meta.url));

export type SqlFunctionFile = { name: string; path: string; text: string };

export function sqlFunctionFiles(folder = SQL_FUNCTIONS_FOLDER): SqlFunctionFile[] {
  return readdirSync(folder)
    .filter((file) => file.endsWith('.sql'))
    .sort()
    .map((file) => {
      const path = join(folder, file);
      return { name: file.slice(0, -'.sql'.length), path, text: readFileSync(path, 'utf8') };
    });
}

/** The body between the `$$` quotes of a function file. */
export function functionBody(text: string): string {
  const start = text.indexOf('$$');
  const end = text.lastIndexOf('$$');
  if (start < 0 || end <= start) throw new Error('no $$-quoted function body');
  return text.slice(start + 2, end);
}

/** Whitespace-normalised text, so servers that keep a body's layout differently still agree. */
export const normaliseSql = (text: string) => text.replace(/\s+/g, ' ').trim();
