import { DISCLOSURE_VERSION } from '@app/shared';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from './client.ts';
import { type ResponsibleTradingRow, responsibleTrading } from './schema/responsible-trading.ts';

/**
 * Store that the user accepted the risk disclosure `version`. Accepted once: a repeat of the
 * same (or an older) version keeps the first acceptance and its time; a newer version replaces
 * it. The row it creates is the one real-money placement and top-ups lock.
 */
export async function acceptDisclosure(
  db: DbOrTx,
  userId: string,
  version: number = DISCLOSURE_VERSION,
): Promise<ResponsibleTradingRow> {
  await db
    .insert(responsibleTrading)
    .values({ userId, disclosureVersion: version, disclosureAcceptedAt: sql`now()` })
    .onConflictDoUpdate({
      target: responsibleTrading.userId,
      set: { disclosureVersion: version, disclosureAcceptedAt: sql`now()`, updatedAt: sql`now()` },
      setWhere: sql`${responsibleTrading.disclosureVersion} is null or ${responsibleTrading.disclosureVersion} < ${version}`,
    });
  const [row] = await db
    .select()
    .from(responsibleTrading)
    .where(sql`${responsibleTrading.userId} = ${userId}`);
  if (!row) throw new Error('responsible_trading row missing after its upsert');
  return row;
}
