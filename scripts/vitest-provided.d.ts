// Values the test global setup (scripts/test-global-setup.ts) provides to every test file.
import 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
    /** The server the run's databases live on (e2e creates one more there). */
    adminDatabaseUrl: string;
    redisUrl: string;
    redisPrefix: string;
  }
}
