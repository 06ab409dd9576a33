ALTER TABLE "identities" ADD COLUMN "email_sealed" text;--> statement-breakpoint
ALTER TABLE "identities" ADD COLUMN "email_digest" text;--> statement-breakpoint
CREATE UNIQUE INDEX "identities_email_digest_unique" ON "identities" USING btree ("email_digest") WHERE "identities"."email_digest" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "identities" ADD CONSTRAINT "identities_email_sealed_with_digest" CHECK (("identities"."email_sealed" IS NULL) = ("identities"."email_digest" IS NULL));--> statement-breakpoint
-- The previous release, still running during the rolling deploy, changes an address in clear only:
-- its sealed copy and digest would then name the old address, so they are cleared, and the row is
-- read from the clear column until the boot step seals it again. Dropped with the clear column.
CREATE FUNCTION "identities_email_unseal_stale"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."email" IS DISTINCT FROM OLD."email"
     AND NEW."email_digest" IS NOT DISTINCT FROM OLD."email_digest" THEN
    NEW."email_sealed" := NULL;
    NEW."email_digest" := NULL;
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "identities_email_unseal_stale" BEFORE UPDATE OF "email" ON "identities"
FOR EACH ROW EXECUTE FUNCTION "identities_email_unseal_stale"();
