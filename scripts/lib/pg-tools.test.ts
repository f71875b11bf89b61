import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  connectionFor,
  type FoundProgram,
  NotAnArchiveError,
  nameBeside,
  parseVersion,
  pickProgram,
  readArchiveHeader,
} from './pg-tools.ts';

const found = (major: number, path = `/pg/${major}/pg_dump`): FoundProgram => ({
  path,
  major,
  version: `${major}.1`,
});

describe('pickProgram', () => {
  it('takes the oldest version at least as new as the server', () => {
    const all = [found(18), found(15), found(16), found(17)];
    expect(pickProgram(all, 16)?.major).toBe(16);
    expect(pickProgram(all, 14)?.major).toBe(15);
  });

  it('finds none when every copy is older than the server', () => {
    expect(pickProgram([found(15), found(16)], 18)).toBeUndefined();
  });

  it('keeps the first found among copies of one version', () => {
    expect(pickProgram([found(15, '/a'), found(15, '/b')], 15)?.path).toBe('/a');
  });
});

describe('parseVersion', () => {
  it('reads the major version of a distribution build and of a development build', () => {
    expect(parseVersion('pg_dump (PostgreSQL) 15.20 (Debian 15.20-0+deb12u1)\n')).toEqual({
      major: 15,
      version: '15.20',
    });
    expect(parseVersion('pg_restore (PostgreSQL) 18devel')).toEqual({ major: 18, version: '18' });
    expect(parseVersion('something else')).toBeUndefined();
  });
});

describe('connectionFor', () => {
  it('takes the password out of the URL and hands it over in PGPASSWORD', () => {
    const { dbname, env } = connectionFor('postgres://app:p%40ss%2Fw@db.example:5433/app?sslmode=require');
    expect(dbname).toBe('postgres://app@db.example:5433/app?sslmode=require');
    expect(env).toEqual({ PGPASSWORD: 'p@ss/w' });
  });

  it('also moves a password given as a URL parameter', () => {
    const { dbname, env } = connectionFor('postgres://app@db.example/app?password=secret');
    expect(dbname).not.toContain('secret');
    expect(env).toEqual({ PGPASSWORD: 'secret' });
  });
});

describe('readArchiveHeader', () => {
  const dir = mkdtempSync(join(tmpdir(), 'archive-header-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** A header as pg_dump writes it (format 1.14 or 1.15), with 4-byte ints. */
  function header(minor: 14 | 15): Buffer {
    const int = (n: number) => {
      const b = Buffer.alloc(5);
      b.writeUInt8(n < 0 ? 1 : 0, 0);
      b.writeUInt32LE(Math.abs(n), 1);
      return b;
    };
    const str = (s: string) => Buffer.concat([int(Buffer.byteLength(s)), Buffer.from(s)]);
    return Buffer.concat([
      Buffer.from('PGDMP'),
      Buffer.from([1, minor, 0, 4, 8, 1]),
      minor >= 15 ? Buffer.from([0]) : int(-1),
      ...[18, 4, 1, 26, 10, 126, 0].map(int),
      str('app'),
      str('16.4'),
      str('17.2 (Debian 17.2-1)'),
    ]);
  }

  it('reads the database and the versions of the server and of pg_dump', () => {
    for (const minor of [14, 15] as const) {
      const file = join(dir, `h${minor}.dump`);
      writeFileSync(file, header(minor));
      expect(readArchiveHeader(file)).toEqual({
        formatVersion: `1.${minor}`,
        dbname: 'app',
        serverVersion: '16.4',
        dumpVersion: '17.2 (Debian 17.2-1)',
        dumpMajor: 17,
      });
    }
  });

  it('refuses a file that is not a custom-format archive, or is cut short', () => {
    const plain = join(dir, 'plain.sql');
    writeFileSync(plain, '-- PostgreSQL database dump\n');
    expect(() => readArchiveHeader(plain)).toThrow(NotAnArchiveError);
    const short = join(dir, 'short.dump');
    writeFileSync(short, header(15).subarray(0, 30));
    expect(() => readArchiveHeader(short)).toThrow(/cut short/);
  });
});

describe('nameBeside', () => {
  it('keeps a short name whole and shortens a long one so the suffix fits in 63 bytes', () => {
    expect(nameBeside('app', '_restore_20261126_010715')).toBe('app_restore_20261126_010715');
    const long = nameBeside('x'.repeat(60), '_before_restore_20261126_010715');
    expect(Buffer.byteLength(long)).toBe(63);
    expect(long.endsWith('_before_restore_20261126_010715')).toBe(true);
    expect(Buffer.byteLength(nameBeside('é'.repeat(40), '_restore_20261126_010715'))).toBeLessThanOrEqual(63);
  });
});
