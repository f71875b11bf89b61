import { PRACTICE_OPENING_BALANCE_PAISE } from '@app/shared';
import postgres from 'postgres';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { functionBody, normaliseSql, sqlFunctionFiles } from './sql-functions.ts';

const sql = postgres(inject('databaseUrl'), { max: 2, onnotice: () => {} });
afterAll(() => sql.end({ timeout: 5 }));

type Definition = { args: string; result: string; source: string };

async function definitionsIn(schema: string, name: string): Promise<Definition[]> {
  return sql<Definition[]>`
    select pg_get_function_arguments(p.oid) as args, pg_get_function_result(p.oid) as result,
           p.prosrc as source
      from pg_proc p join pg_namespace n on n.oid = p.pronamespace
     where n.nspname = ${schema} and p.proname = ${name}`;
}

describe('the money functions of db/sql', () => {
  const files = sqlFunctionFiles();

  it('are one file per function, named after it', () => {
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const created = [...file.text.matchAll(/CREATE (?:OR REPLACE )?FUNCTION\s+([a-z_]+)\s*\(/gi)];
      expect(created.map((m) => m[1])).toEqual([file.name]);
    }
  });

  it.each(files.map((f) => [f.name, f] as const))(
    'exist in the migrated database exactly as %s.sql says',
    async (name, file) => {
      const migrated = await definitionsIn('public', name);
      expect(migrated, `one ${name} in the migrated database`).toHaveLength(1);
      // The file's own definition, created in a scratch schema, gives the signature as the
      // server prints it, whatever spelling the file uses for its types.
      const scratch = `sqlfile_${name}_${process.pid}`;
      const fromFile = await sql.begin(async (tx) => {
        await tx.unsafe(`create schema ${scratch}`);
        await tx.unsafe(`set local search_path = ${scratch}, public`);
        await tx.unsafe(file.text);
        const [row] = await tx<Definition[]>`
          select pg_get_function_arguments(p.oid) as args, pg_get_function_result(p.oid) as result,
                 p.prosrc as source
            from pg_proc p join pg_namespace n on n.oid = p.pronamespace
           where n.nspname = ${scratch} and p.proname = ${name}`;
        await tx.unsafe(`drop schema ${scratch} cascade`);
        return row;
      });
      const [db] = migrated;
      expect(db?.args).toBe(fromFile?.args);
      expect(db?.result).toBe(fromFile?.result);
      expect(normaliseSql(db?.source ?? '')).toBe(normaliseSql(functionBody(file.text)));
    },
  );

  it('open a practice account with the opening balance of @app/shared', async () => {
    const [row] = await sql<[{ paise: string }]>`select practice_opening_balance()::text as paise`;
    expect(BigInt(row.paise)).toBe(PRACTICE_OPENING_BALANCE_PAISE);
  });
});
