ALTER TABLE "outbox" ADD COLUMN "to_address_sealed" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "to_digest" text;--> statement-breakpoint
ALTER TABLE "refi_tape_loans" ADD COLUMN "borrower_email_sealed" text;--> statement-breakpoint
ALTER TABLE "refi_tape_loans" ADD COLUMN "borrower_mailbox_digest" text;--> statement-breakpoint
CREATE INDEX "outbox_to_digest_idx" ON "outbox" USING btree ("to_digest","created_at");--> statement-breakpoint
CREATE INDEX "outbox_unsealed_idx" ON "outbox" USING btree ("id") WHERE "outbox"."to_address_sealed" IS NULL;--> statement-breakpoint
CREATE INDEX "refi_tape_loans_mailbox_digest_idx" ON "refi_tape_loans" USING btree ("borrower_mailbox_digest");--> statement-breakpoint
CREATE INDEX "refi_tape_loans_unsealed_idx" ON "refi_tape_loans" USING btree ("loan_id") WHERE "refi_tape_loans"."borrower_email_sealed" IS NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_to_sealed_with_digest" CHECK (("outbox"."to_address_sealed" IS NULL) = ("outbox"."to_digest" IS NULL));--> statement-breakpoint
ALTER TABLE "refi_tape_loans" ADD CONSTRAINT "refi_tape_loans_email_sealed_with_digest" CHECK (("refi_tape_loans"."borrower_email_sealed" IS NULL) = ("refi_tape_loans"."borrower_mailbox_digest" IS NULL));--> statement-breakpoint
-- The previous release, still running during the rolling deploy, rewrites a tape loan's address in
-- clear only (a tape import): its sealed copy and digest would then name the old address, so they
-- are cleared, and the row is read from the clear column until the boot step seals it again. (This
-- release seals every address it writes anew, so an unchanged sealed copy means that release.)
-- Dropped with the clear column.
CREATE FUNCTION "refi_tape_loans_email_unseal_stale"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."borrower_email" IS DISTINCT FROM OLD."borrower_email"
     AND NEW."borrower_email_sealed" IS NOT DISTINCT FROM OLD."borrower_email_sealed" THEN
    NEW."borrower_email_sealed" := NULL;
    NEW."borrower_mailbox_digest" := NULL;
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "refi_tape_loans_email_unseal_stale" BEFORE UPDATE OF "borrower_email" ON "refi_tape_loans"
FOR EACH ROW EXECUTE FUNCTION "refi_tape_loans_email_unseal_stale"();
