import { runMigrations } from '../migrate.ts';

const url = process.env.DATABASE_URL;
if (!url) {
  console.error(
    'DATABASE_URL is not set: the database to migrate, e.g. postgres://postgres@127.0.0.1:5432/app',
  );
  process.exit(1);
}
await runMigrations(url);
console.log('migrations applied');
