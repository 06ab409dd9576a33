ALTER TABLE "credit_checks" ADD COLUMN "credit_facts_sealed" text;--> statement-breakpoint
ALTER TABLE "credit_checks" ADD COLUMN "ssn_blind_index" text;--> statement-breakpoint
CREATE INDEX "credit_checks_ssn_blind_index_idx" ON "credit_checks" USING btree ("ssn_blind_index") WHERE "credit_checks"."ssn_blind_index" IS NOT NULL;--> statement-breakpoint
-- Checks made before this release: the facts their pull sent are the application's frozen copy
-- (same context, so the sealed value is copied as is). SQL cannot open it to index its SSN, so the
-- index is the profile's as it is now: the same SSN unless a later application changed it.
UPDATE "credit_checks" c SET
  "credit_facts_sealed" = a."credit_facts_sealed",
  "ssn_blind_index" = CASE WHEN c."outcome" = 'NOT_REQUIRED' THEN NULL ELSE p."ssn_blind_index" END
FROM "applications" a
LEFT JOIN "profiles" p ON p."identity_uuid" = a."identity_uuid"
WHERE a."uuid" = c."application_uuid" AND c."credit_facts_sealed" IS NULL;
