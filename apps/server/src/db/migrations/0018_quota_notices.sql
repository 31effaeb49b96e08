ALTER TABLE "usage_counters" ADD COLUMN "notice_level" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "usage_counters" ADD COLUMN "notice_quota" integer;