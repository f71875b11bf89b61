-- Announcements the admins write and everyone reads on /announcements (GET /api/announcements,
-- newest published first). An unpublished one is a draft only the admin screen lists. The
-- limits repeat the shared schema's (shared/src/schemas/announcements.ts) so no other writer
-- can store what the page cannot show.
CREATE TABLE "announcements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"published" boolean DEFAULT true NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "announcements_title_length" CHECK (char_length("announcements"."title") BETWEEN 1 AND 120),
	CONSTRAINT "announcements_body_length" CHECK (char_length("announcements"."body") BETWEEN 1 AND 5000)
);
--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
-- The public list: published ones, newest first.
CREATE INDEX "announcements_published_created_idx" ON "announcements" USING btree ("created_at" DESC NULLS LAST,"id" DESC) WHERE "announcements"."published";
--> statement-breakpoint
-- The admin list: all of them, newest first.
CREATE INDEX "announcements_created_idx" ON "announcements" USING btree ("created_at" DESC NULLS LAST,"id" DESC);
