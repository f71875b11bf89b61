import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { runMigrations } from './migrate.ts';

/** The server tests create their databases on. */
export const DEFAULT_TEST_ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** A fresh, migrated database for one test run, dropped afterwards. */
export async function createTestDatabase(
  adminUrl = DEFAULT_TEST_ADMIN_URL,
): Promise<{ url: string; name: string; drop: () => Promise<void> }> {
  const name = `test_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`create database "${name}"`);
  } finally {
    await admin.end({ timeout: 5 });
  }
  const url = withDatabase(adminUrl, name);
  await runMigrations(url);
  return {
    url,
    name,
    drop: async () => {
      const a = postgres(adminUrl, { max: 1, onnotice: () => {} });
      try {
        await a.unsafe(`drop database if exists "${name}" with (force)`);
      } finally {
        await a.end({ timeout: 5 });
      }
    },
  };
}
