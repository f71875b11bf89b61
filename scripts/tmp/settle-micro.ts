import { createDb } from '@app/db';
import { createTestDatabase, DEFAULT_TEST_ADMIN_URL } from '@app/db/testing';
import {
  createSetting,
  createUser,
  giveMoney,
  place,
  writeTick,
} from '../../workers/src/settlement/testing/fixtures.ts';

const database = await createTestDatabase(DEFAULT_TEST_ADMIN_URL);
const { db, close } = createDb(database.url, { max: 10 });
const users = await Promise.all(Array.from({ length: 200 }, () => createUser(db)));
await Promise.all(users.map((u) => giveMoney(db, u, 100_000_000n)));
const setting = await createSetting(db, 60, 85);
const t0 = Date.now() - 120_000;
const expiries: Record<string, number> = {};
for (const symbol of ['BTC', 'ETH']) {
  const entry = await writeTick(db, symbol, t0, 100_000_00000000n);
  const trades = [];
  for (let i = 0; i < 500; i++) {
    trades.push(
      place(db, {
        userId: users[i % 200] as string,
        setting,
        entry,
        direction: i % 2 ? 'up' : 'down',
        now: t0 + 100,
      }),
    );
  }
  const placed = await Promise.all(trades);
  const exp = placed[0]?.expiresAt.getTime() as number;
  expiries[symbol] = exp;
  await writeTick(db, symbol, exp - 300, 100_010_00000000n);
  await writeTick(db, symbol, exp + 20, 100_020_00000000n);
}
console.log(database.url);
for (const [s, e] of Object.entries(expiries)) console.log(s, new Date(e).toISOString());
await close();
