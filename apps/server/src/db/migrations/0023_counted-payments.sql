ALTER TABLE "servicing_loans" ADD COLUMN "counted_payments_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- counted_payments_cents is the sum of the loan's payments that count as paid in (settled, or
-- pending with the bank's transfer): what the ledger's cash must equal. Kept here so that a
-- payment checks that rule by reading one row however many payments the loan has had (it summed
-- every payment of the loan). Filled from the payments once, then kept by a trigger in the
-- statement that changes a payment.
UPDATE "servicing_loans" s SET "counted_payments_cents" = coalesce((
  SELECT sum(p."amount_cents") FROM "servicing_payments" p
  WHERE p."loan_uuid" = s."loan_uuid"
    AND (p."status" = 'SETTLED' OR (p."status" = 'PENDING' AND p."transfer_id" IS NOT NULL))), 0);
--> statement-breakpoint
CREATE FUNCTION "servicing_loans_keep_counted_payments"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was bigint := 0;
  now_counted bigint := 0;
BEGIN
  IF TG_OP <> 'INSERT' AND (OLD."status" = 'SETTLED'
      OR (OLD."status" = 'PENDING' AND OLD."transfer_id" IS NOT NULL)) THEN
    was := OLD."amount_cents";
  END IF;
  IF TG_OP <> 'DELETE' AND (NEW."status" = 'SETTLED'
      OR (NEW."status" = 'PENDING' AND NEW."transfer_id" IS NOT NULL)) THEN
    now_counted := NEW."amount_cents";
  END IF;
  IF TG_OP = 'UPDATE' AND OLD."loan_uuid" <> NEW."loan_uuid" THEN
    UPDATE "servicing_loans" SET "counted_payments_cents" = "counted_payments_cents" - was
    WHERE "loan_uuid" = OLD."loan_uuid" AND was <> 0;
    was := 0;
  END IF;
  IF now_counted <> was AND TG_OP = 'DELETE' THEN
    UPDATE "servicing_loans" SET "counted_payments_cents" = "counted_payments_cents" - was
    WHERE "loan_uuid" = OLD."loan_uuid";
  ELSIF now_counted <> was THEN
    UPDATE "servicing_loans" SET "counted_payments_cents" = "counted_payments_cents" + now_counted - was
    WHERE "loan_uuid" = NEW."loan_uuid";
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "servicing_payments_counted" AFTER INSERT OR UPDATE OR DELETE ON "servicing_payments"
FOR EACH ROW EXECUTE FUNCTION "servicing_loans_keep_counted_payments"();
