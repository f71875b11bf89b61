import { runMigrations } from '../migrate.ts';
import { loadCliConfig } from './config.ts';

const { DATABASE_URL } = loadCliConfig();
await runMigrations(DATABASE_URL);
console.log('migrations applied');
