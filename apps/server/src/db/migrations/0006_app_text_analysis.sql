-- Full-text lexemes are now computed by the application (knowledge/text-search.ts, ADR 0008) instead of a
-- generated column, and searched by a scan of one agent's passages (no GIN index: retrieval never used it,
-- and keeping it up was the largest cost of indexing). Dropping and re-adding the column is metadata-only;
-- the start-up backfill fills the passages written before (tsv is null), found through the partial index.
DROP INDEX IF EXISTS "passages_tsv_idx";--> statement-breakpoint
ALTER TABLE "passages" DROP COLUMN "tsv";--> statement-breakpoint
ALTER TABLE "passages" ADD COLUMN "tsv" tsvector;--> statement-breakpoint
CREATE INDEX "passages_tsv_missing_idx" ON "passages" USING btree ("id") WHERE "passages"."tsv" is null;--> statement-breakpoint
DROP FUNCTION IF EXISTS atende_unaccent(text);
