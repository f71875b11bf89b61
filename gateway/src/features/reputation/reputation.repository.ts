import type { DbOrTx } from '@app/db';
import { sql } from 'drizzle-orm';

const TODAY_IN_INDIA = sql`(now() at time zone 'Asia/Kolkata')::date`;

/**
 * The daily visit reward as one statement: the day check, the clamp and the write happen
 * together, so concurrent visits award at most once per calendar day in India. Returns the
 * points before and after, or undefined when today's reward was already given.
 */
export async function awardVisit(
  db: DbOrTx,
  userId: string,
  points: number,
  max: number,
): Promise<{ before: number; after: number } | undefined> {
  const rows = await db.execute<{ before: number; after: number }>(sql`
    update users u
       set reputation_points = least(${max}::int, u.reputation_points + ${points}::int),
           last_visit_reward_on = ${TODAY_IN_INDIA},
           updated_at = now()
      from users old
     where u.id = ${userId}
       and old.id = u.id
       and u.last_visit_reward_on is distinct from ${TODAY_IN_INDIA}
    returning old.reputation_points as before, u.reputation_points as after`);
  return rows[0];
}

export async function currentPoints(db: DbOrTx, userId: string): Promise<number | undefined> {
  const rows = await db.execute<{ points: number }>(
    sql`select reputation_points as points from users where id = ${userId}`,
  );
  return rows[0]?.points;
}

/** An admin's set value (0-100, already clamped by the schema; the CHECK is the last word). */
export async function setPoints(db: DbOrTx, userId: string, points: number): Promise<void> {
  await db.execute(
    sql`update users set reputation_points = ${points}, updated_at = now() where id = ${userId}`,
  );
}
