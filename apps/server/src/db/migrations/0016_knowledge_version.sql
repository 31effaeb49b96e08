ALTER TABLE "agents" ADD COLUMN "knowledge_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Every write to an agent's passages bumps its knowledge version in the same transaction, whoever writes them (the
-- chat's in-memory passage index is exact while the version is the one it was built at: ADR 0020). One update per
-- statement and agent, whatever the number of rows (ingestion writes passages in batches by COPY).
CREATE FUNCTION "bump_knowledge_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "agents" SET "knowledge_version" = "knowledge_version" + 1 WHERE "id" IN (SELECT DISTINCT "agent_id" FROM "changed");
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "passages_inserted_knowledge_version" AFTER INSERT ON "passages" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "bump_knowledge_version"();--> statement-breakpoint
CREATE TRIGGER "passages_updated_knowledge_version" AFTER UPDATE ON "passages" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "bump_knowledge_version"();--> statement-breakpoint
CREATE TRIGGER "passages_deleted_knowledge_version" AFTER DELETE ON "passages" REFERENCING OLD TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "bump_knowledge_version"();
