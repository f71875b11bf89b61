import { type DbOrTx, type SiteSettingsRow, siteSettings } from '@app/db';
import { eq, sql } from 'drizzle-orm';

export async function findSettings(db: DbOrTx, forUpdate = false): Promise<SiteSettingsRow | undefined> {
  const query = db.select().from(siteSettings).where(eq(siteSettings.id, 1)).limit(1);
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

/** The single settings row, created on first save if the seed has not run. */
export async function saveSettings(
  db: DbOrTx,
  values: { title: string; currency: string; logoUrl: string; faviconUrl: string; updatedBy: string },
): Promise<SiteSettingsRow> {
  const [row] = await db
    .insert(siteSettings)
    .values({ id: 1, ...values, updatedAt: sql`now()` })
    .onConflictDoUpdate({ target: siteSettings.id, set: { ...values, updatedAt: sql`now()` } })
    .returning();
  if (!row) throw new Error('saving site settings returned no row');
  return row;
}
