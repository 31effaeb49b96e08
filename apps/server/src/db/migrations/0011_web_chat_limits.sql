CREATE TABLE "web_chat_counters" (
	"agent_id" text NOT NULL,
	"day" text NOT NULL,
	"key" text NOT NULL,
	"messages" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "web_chat_counters_agent_id_day_key_pk" PRIMARY KEY("agent_id","day","key")
);
--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "web_rate_messages" integer;--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "web_rate_seconds" integer;--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "web_daily_per_visitor" integer;--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "web_daily_per_ip" integer;--> statement-breakpoint
ALTER TABLE "web_chat_counters" ADD CONSTRAINT "web_chat_counters_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "web_chat_counters_day_idx" ON "web_chat_counters" USING btree ("day");