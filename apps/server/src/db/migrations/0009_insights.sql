CREATE TABLE "customer_erasures" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"agent_id" text NOT NULL,
	"agent_name" text NOT NULL,
	"channel" text NOT NULL,
	"customer_label" text NOT NULL,
	"conversations" integer NOT NULL,
	"messages" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "insight_days" (
	"agent_id" text NOT NULL,
	"day" text NOT NULL,
	"channel" text NOT NULL,
	"conversations" integer DEFAULT 0 NOT NULL,
	"messages" integer DEFAULT 0 NOT NULL,
	"outcomes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"person_requests" integer DEFAULT 0 NOT NULL,
	"answer_ms" bigint DEFAULT 0 NOT NULL,
	"answer_count" integer DEFAULT 0 NOT NULL,
	"hours" integer[] NOT NULL,
	CONSTRAINT "insight_days_agent_id_day_channel_pk" PRIMARY KEY("agent_id","day","channel")
);
--> statement-breakpoint
CREATE TABLE "insight_missed" (
	"message_id" text PRIMARY KEY NOT NULL,
	"agent_id" text NOT NULL,
	"conversation_id" text NOT NULL,
	"asked_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "insight_progress" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"last_seq" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "taught_answers" (
	"id" text PRIMARY KEY NOT NULL,
	"agent_id" text NOT NULL,
	"question" text NOT NULL,
	"answer" text NOT NULL,
	"variants" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"terms" text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "weekly_summaries" (
	"user_id" text PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"last_sent_week" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customer_erasures" ADD CONSTRAINT "customer_erasures_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insight_days" ADD CONSTRAINT "insight_days_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insight_missed" ADD CONSTRAINT "insight_missed_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insight_missed" ADD CONSTRAINT "insight_missed_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "taught_answers" ADD CONSTRAINT "taught_answers_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "weekly_summaries" ADD CONSTRAINT "weekly_summaries_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_erasures_user_idx" ON "customer_erasures" USING btree ("user_id","created_at" desc);--> statement-breakpoint
CREATE INDEX "insight_missed_agent_idx" ON "insight_missed" USING btree ("agent_id","asked_at" desc);--> statement-breakpoint
CREATE INDEX "taught_answers_agent_idx" ON "taught_answers" USING btree ("agent_id","created_at" desc);--> statement-breakpoint
CREATE INDEX "messages_seq_idx" ON "messages" USING btree ("seq");--> statement-breakpoint
CREATE INDEX "messages_unanswered_idx" ON "messages" USING btree ("conversation_id","seq") WHERE "messages"."outcome" = 'unanswered';