import { type AnnouncementRow, announcements, type DbOrTx } from '@app/db';
import { count, desc, eq, sql } from 'drizzle-orm';

export type AnnouncementValues = { title: string; body: string; published: boolean };

const newestFirst = [desc(announcements.createdAt), desc(announcements.id)];

/** The published ones, newest first (the partial index of migration 0020 serves it). */
export async function listPublished(db: DbOrTx, limit: number): Promise<AnnouncementRow[]> {
  return await db
    .select()
    .from(announcements)
    .where(eq(announcements.published, true))
    .orderBy(...newestFirst)
    .limit(limit);
}

/** A page of every announcement, drafts included, newest first. */
export async function listAll(
  db: DbOrTx,
  page: { limit: number; offset: number },
): Promise<{ rows: AnnouncementRow[]; total: number }> {
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(announcements)
      .orderBy(...newestFirst)
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(announcements),
  ]);
  return { rows, total: totals[0]?.n ?? 0 };
}

/** The announcement, locked until the transaction ends (a concurrent edit or delete waits). */
export async function lockAnnouncement(tx: DbOrTx, id: string): Promise<AnnouncementRow | undefined> {
  const [row] = await tx.select().from(announcements).where(eq(announcements.id, id)).for('update');
  return row;
}

export async function insertAnnouncement(
  tx: DbOrTx,
  values: AnnouncementValues,
  by: string,
): Promise<AnnouncementRow> {
  const [row] = await tx
    .insert(announcements)
    .values({ ...values, createdBy: by, updatedBy: by })
    .returning();
  if (!row) throw new Error('the announcement insert returned no row');
  return row;
}

export async function updateAnnouncement(
  tx: DbOrTx,
  id: string,
  values: AnnouncementValues,
  by: string,
): Promise<AnnouncementRow> {
  const [row] = await tx
    .update(announcements)
    .set({ ...values, updatedBy: by, updatedAt: sql`now()` })
    .where(eq(announcements.id, id))
    .returning();
  if (!row) throw new Error(`announcement ${id} vanished while locked`);
  return row;
}

export async function deleteAnnouncement(tx: DbOrTx, id: string): Promise<void> {
  await tx.delete(announcements).where(eq(announcements.id, id));
}
