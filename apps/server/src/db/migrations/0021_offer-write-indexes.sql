-- applications_state_idx (state, updated_at) served no query (applications_state_created_uuid_idx
-- serves the state filter) and named updated_at, which every change of an application writes: each
-- change added an entry to every index of the table. Without it, and with room left on each page,
-- a change that touches no indexed column is a HOT update, made in place.
DROP INDEX "applications_state_idx";--> statement-breakpoint
ALTER TABLE "applications" SET (fillfactor = 80);--> statement-breakpoint
-- Each offer request supersedes the application's open offers: this finds them without stepping
-- over every offer the application was ever quoted.
CREATE INDEX "offers_open_by_application_idx" ON "offers" USING btree ("application_uuid") WHERE "offers"."accepted_at" IS NULL AND "offers"."superseded_at" IS NULL;
