CREATE TABLE "agent_appearance" (
	"agent_id" text PRIMARY KEY NOT NULL,
	"color" text NOT NULL,
	"display_name" text DEFAULT '' NOT NULL,
	"welcome_message" text DEFAULT '' NOT NULL,
	"suggestions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"position" text DEFAULT 'right' NOT NULL,
	"avatar_key" text,
	"avatar_type" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "test_usage_counters" (
	"user_id" text NOT NULL,
	"day" text NOT NULL,
	"messages" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "test_usage_counters_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "personality_updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "knowledge_bases" ADD COLUMN "links_read" text;--> statement-breakpoint
ALTER TABLE "agent_appearance" ADD CONSTRAINT "agent_appearance_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_usage_counters" ADD CONSTRAINT "test_usage_counters_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Links saved before this migration were read (or are being read) already.
UPDATE "knowledge_bases" SET "links_read" = "links";