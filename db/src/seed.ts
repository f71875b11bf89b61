import { COINS, DEFAULT_SITE_TITLE, DEFAULT_TRADE_SETTINGS } from '@app/shared';
import { count, eq, sql } from 'drizzle-orm';
import type { Db } from './client.ts';
import { generatePassword, generateReferralCode } from './codes.ts';
import { hashPassword } from './password.ts';
import { auditLog, coins, referralKeys, siteSettings, tradeSettings, users } from './schema/index.ts';

export type SeedOptions = {
  superadmin?: { username?: string; email?: string; password?: string };
  /** How many registrations the first referral key admits. */
  firstKeyMaxUses?: number;
};

export type SeedResult = {
  /** Set only when this run created the superadmin; the password is shown this once. */
  superadmin?: { username: string; email: string; password: string; generated: boolean };
  /** Set only when this run created the first referral key. */
  referralKey?: string;
};

/** Held (transaction-scoped) by whoever fills in seed data, so two seeders never both do. */
export const SEED_LOCK = 727275;

/** Idempotent: fills what a fresh database lacks and leaves the rest alone. */
export async function seed(db: Db, options: SeedOptions = {}): Promise<SeedResult> {
  return db.transaction(async (tx) => {
    // One seeder at a time (two processes starting together).
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    const result: SeedResult = {};

    await tx.insert(siteSettings).values({ id: 1, title: DEFAULT_SITE_TITLE }).onConflictDoNothing();

    await tx
      .insert(coins)
      .values(
        COINS.map((c, i) => ({
          symbol: c.symbol,
          name: c.name,
          marketSymbol: c.marketSymbol ?? `${c.symbol}USDT`,
          sortOrder: i + 1,
        })),
      )
      .onConflictDoNothing();

    const [settings] = await tx.select({ n: count() }).from(tradeSettings);
    if (!settings?.n) await tx.insert(tradeSettings).values(DEFAULT_TRADE_SETTINGS.map((s) => ({ ...s })));

    const [existing] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.role, 'superadmin'))
      .limit(1);
    let superadminId = existing?.id;
    if (!existing) {
      const generated = !options.superadmin?.password;
      const password = options.superadmin?.password || generatePassword();
      const username = options.superadmin?.username || 'superadmin';
      const email = (options.superadmin?.email || 'superadmin@example.com').toLowerCase();
      const [row] = await tx
        .insert(users)
        .values({
          firstName: 'Super',
          lastName: 'Admin',
          username,
          email,
          passwordHash: await hashPassword(password),
          role: 'superadmin',
        })
        .returning({ id: users.id });
      superadminId = row?.id;
      await tx.insert(auditLog).values({
        action: 'seed.superadmin',
        targetType: 'user',
        targetId: superadminId,
        after: { username, email },
      });
      result.superadmin = { username, email, password, generated };
    }

    const [keys] = await tx.select({ n: count() }).from(referralKeys);
    if (!keys?.n) {
      const code = generateReferralCode();
      await tx.insert(referralKeys).values({
        code,
        label: 'First key (seed)',
        maxUses: options.firstKeyMaxUses ?? 100,
        createdBy: superadminId,
      });
      await tx
        .insert(auditLog)
        .values({ action: 'seed.referral_key', targetType: 'referral_key', targetId: code });
      result.referralKey = code;
    }
    return result;
  });
}
