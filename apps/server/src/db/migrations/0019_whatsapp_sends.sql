CREATE TABLE "whatsapp_sends" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"wamid" text,
	"agent_id" text NOT NULL,
	"phone_number_id" text NOT NULL,
	"conversation_id" text,
	"message_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"status" text DEFAULT 'sent' NOT NULL,
	"error_code" integer,
	"error_reason" text,
	"error_detail" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "whatsapp_sends" ADD CONSTRAINT "whatsapp_sends_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_sends" ADD CONSTRAINT "whatsapp_sends_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "whatsapp_sends_wamid_uq" ON "whatsapp_sends" USING btree ("wamid");--> statement-breakpoint
CREATE INDEX "whatsapp_sends_conversation_idx" ON "whatsapp_sends" USING btree ("conversation_id","created_at" desc);