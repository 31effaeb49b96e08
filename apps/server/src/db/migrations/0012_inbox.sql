ALTER TABLE "agents" ADD COLUMN "handoff_message" text;--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "handoff_after_unanswered" integer;--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "handoff_timeout_minutes" integer;--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "notify_whatsapp" text;--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "business_hours" jsonb;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "state" text DEFAULT 'bot' NOT NULL;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "state_changed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "unread" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "conversations_user_recent_idx" ON "conversations" USING btree ("user_id","last_message_at" desc);--> statement-breakpoint
CREATE INDEX "conversations_handoff_idx" ON "conversations" USING btree ("state_changed_at") WHERE "conversations"."state" in ('waiting', 'human');