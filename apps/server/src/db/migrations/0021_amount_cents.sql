-- Money in centavos (integer, exact): Mercado Pago charges such as 12.34 were stored as 12 in the whole-reais
-- amount_brl columns. Existing rows are converted; amount_brl stays one release for the instances of the previous
-- release during a rolling deploy (docs/deploying.md): the new release writes both, and the trigger below fills
-- amount_cents from amount_brl when only the old release wrote it. The next release drops amount_brl and the trigger.
ALTER TABLE "subscriptions" ADD COLUMN "amount_cents" integer;--> statement-breakpoint
UPDATE "subscriptions" SET "amount_cents" = "amount_brl" * 100;--> statement-breakpoint
ALTER TABLE "subscriptions" ALTER COLUMN "amount_cents" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ALTER COLUMN "amount_brl" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "amount_cents" integer;--> statement-breakpoint
UPDATE "payments" SET "amount_cents" = "amount_brl" * 100 WHERE "amount_brl" IS NOT NULL;--> statement-breakpoint
CREATE FUNCTION "amount_cents_from_brl"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."amount_brl" IS NOT NULL AND (
    (TG_OP = 'INSERT' AND NEW."amount_cents" IS NULL) OR
    (TG_OP = 'UPDATE' AND NEW."amount_brl" IS DISTINCT FROM OLD."amount_brl" AND NEW."amount_cents" IS NOT DISTINCT FROM OLD."amount_cents")
  ) THEN
    NEW."amount_cents" := NEW."amount_brl" * 100;
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "subscriptions_amount_cents" BEFORE INSERT OR UPDATE ON "subscriptions" FOR EACH ROW EXECUTE FUNCTION "amount_cents_from_brl"();--> statement-breakpoint
CREATE TRIGGER "payments_amount_cents" BEFORE INSERT OR UPDATE ON "payments" FOR EACH ROW EXECUTE FUNCTION "amount_cents_from_brl"();
