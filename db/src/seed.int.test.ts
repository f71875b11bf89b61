import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createDb } from './client.ts';
import { verifyPassword } from './password.ts';
import { auditLog, coins, referralKeys, tradeSettings, users } from './schema/index.ts';
import { seed } from './seed.ts';

const client = createDb(inject('databaseUrl'), { max: 4 });
afterAll(() => client.close());

describe('seed', () => {
  it('creates the superadmin, one referral key, 20 coins and 3 trade settings once', async () => {
    const first = await seed(client.db, { superadmin: { username: 'rootadmin', email: 'Root@Example.com' } });
    expect(first.superadmin?.username).toBe('rootadmin');
    expect(first.superadmin?.generated).toBe(true);
    expect(first.referralKey).toMatch(/^[A-Z0-9]{8}$/);

    const [admin] = await client.db.select().from(users).where(eq(users.username, 'rootadmin'));
    expect(admin?.role).toBe('superadmin');
    expect(admin?.email).toBe('root@example.com');
    expect(await verifyPassword(admin!.passwordHash, first.superadmin!.password)).toBe(true);

    const second = await seed(client.db);
    expect(second).toEqual({});

    expect(await client.db.$count(coins)).toBe(20);
    const settings = await client.db.select().from(tradeSettings).orderBy(tradeSettings.time);
    expect(settings.map((s) => [s.time, s.unit, s.payoutPercent])).toEqual([
      [20, 'Seconds', 20],
      [40, 'Seconds', 40],
      [60, 'Seconds', 60],
    ]);
    expect(await client.db.$count(referralKeys)).toBeGreaterThanOrEqual(1);
  });

  it('refuses to rewrite or delete audit rows', async () => {
    const [row] = await client.db
      .insert(auditLog)
      .values({ action: 'test.append', targetType: 'test' })
      .returning();
    await expect(client.sql`update audit_log set action = 'x' where id = ${String(row!.id)}`).rejects.toThrow(
      /append-only/,
    );
    await expect(client.sql`delete from audit_log where id = ${String(row!.id)}`).rejects.toThrow(
      /append-only/,
    );
  });
});
