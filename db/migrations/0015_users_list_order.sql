-- The admin users list and its CSV export read users newest first (created_at desc, id desc):
-- a page is an index range instead of a sort of the whole table.
CREATE INDEX IF NOT EXISTS "users_created_idx" ON "users" USING btree ("created_at" DESC, "id" DESC);
