import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * Announcements (migration 0020): written by admins, read by everyone on /announcements. Only
 * published ones are public; the others are drafts the admin screen lists.
 */
export const announcements = pgTable(
  'announcements',
  {
    id: uuid().primaryKey().defaultRandom(),
    title: text().notNull(),
    body: text().notNull(),
    published: boolean().notNull().default(true),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    updatedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('announcements_title_length', sql`char_length(${t.title}) BETWEEN 1 AND 120`),
    check('announcements_body_length', sql`char_length(${t.body}) BETWEEN 1 AND 5000`),
    index('announcements_published_created_idx')
      .on(t.createdAt.desc(), t.id.desc())
      .where(sql`${t.published}`),
    index('announcements_created_idx').on(t.createdAt.desc(), t.id.desc()),
  ],
);
export type AnnouncementRow = typeof announcements.$inferSelect;
