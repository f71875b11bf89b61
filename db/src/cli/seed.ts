import { createDb } from '../client.ts';
import { seed } from '../seed.ts';
import { loadCliConfig } from './config.ts';

const config = loadCliConfig();
const client = createDb(config.DATABASE_URL, { max: 1 });
const result = await seed(client.db, {
  superadmin: {
    username: config.SUPERADMIN_USERNAME,
    email: config.SUPERADMIN_EMAIL,
    password: config.SUPERADMIN_PASSWORD,
  },
});
console.log(JSON.stringify(result, null, 2));
await client.close();
