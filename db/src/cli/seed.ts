import { createDb } from '../client.ts';
import { seed } from '../seed.ts';

const url = process.env.DATABASE_URL;
if (!url) {
  console.error('DATABASE_URL is not set: the database to seed');
  process.exit(1);
}
const client = createDb(url, { max: 1 });
const result = await seed(client.db, {
  superadmin: {
    username: process.env.SUPERADMIN_USERNAME,
    email: process.env.SUPERADMIN_EMAIL,
    password: process.env.SUPERADMIN_PASSWORD,
  },
});
console.log(JSON.stringify(result, null, 2));
await client.close();
