DROP INDEX "messages_seq_idx";--> statement-breakpoint
CREATE INDEX "messages_seq_idx" ON "messages" USING btree ("seq") WHERE "messages"."seq" > 0;