-- A refinancing re-priced at its last signature goes back to its offers (issue 34): the documents
-- of the stale offer are voided, kept with their signatures, and the new offer's documents take
-- their kind and place. Expand-only: a new nullable column, and the one-per-kind and
-- one-per-place rules narrowed to the documents not voided (made before the wider ones are
-- dropped; the previous release never voids, so every row it sees is current and its writes
-- meet the same rules).
ALTER TABLE "disclosure_documents" ADD COLUMN "voided_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "disclosure_documents_application_kind_current_unique" ON "disclosure_documents" USING btree ("application_uuid","kind") WHERE "disclosure_documents"."voided_at" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "disclosure_documents_application_position_current_unique" ON "disclosure_documents" USING btree ("application_uuid","position") WHERE "disclosure_documents"."voided_at" IS NULL;--> statement-breakpoint
DROP INDEX "disclosure_documents_application_kind_unique";--> statement-breakpoint
DROP INDEX "disclosure_documents_application_position_unique";
