-- A requested offer's write replaces the application's open offers: with no index naming
-- superseded_at (the open offers' partial index did, in its predicate), the replaced offer is
-- updated in place (HOT), its new version on its own page and no index written. The open offers
-- are found among the offers made since the application's open_offers_since, which the write sets
-- to its offer's time (offers_application_created_idx): as few as before, however many offers the
-- application was quoted. The previous release sets no such time and finds the open offers of an
-- application among all its offers through the same index (fewer than a few dozen each in service).
ALTER TABLE "applications" ADD COLUMN "open_offers_since" timestamp with time zone;--> statement-breakpoint
DROP INDEX "offers_open_by_application_idx";--> statement-breakpoint
-- Pages keep room for the replaced offer's new version: an offer is replaced moments after it is
-- written, most often by the next offer on the same page.
ALTER TABLE "offers" SET (fillfactor = 80);
