import { createDb, type Db } from '@app/db';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
  }
}

/** One Postgres pool per gateway process, ended when the app closes. */
export default fp<{ url: string }>(
  async (app, opts) => {
    const client = createDb(opts.url, { applicationName: 'gateway' });
    app.decorate('db', client.db);
    app.addHook('onClose', async () => {
      await client.close();
    });
  },
  { name: 'db' },
);
