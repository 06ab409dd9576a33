-- The rate limits' counters are written by every limited request (a payment, a sign-in code, a
-- signature) and are worth nothing after a crash: an unlogged table writes no WAL for them (on a
-- crash or a failover PostgreSQL empties it, and every client starts a fresh window). The tables
-- keep their columns and indexes, so the previous release reads and writes them as before; both
-- are small (expired rows are removed as requests come), so the rewrite takes a moment.
ALTER TABLE "rate_limit_counters" SET UNLOGGED;--> statement-breakpoint
ALTER TABLE "rate_limit_hits" SET UNLOGGED;
