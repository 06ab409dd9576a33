-- Rolling changes (issue 36): the lowest release compatibility level that can serve this schema
-- (db/schema-compat.ts). Expand-only: a new table. Contract migrations raise the level, with their
-- reason, so that an older instance refuses to serve (its boot and /readyz say why) instead of
-- failing on what they removed; expand migrations leave it. Level 1 is this release's: the
-- releases before it (c329e91 and earlier) never read the table, and cannot serve this schema.
CREATE TABLE "schema_compat" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"min_release_level" integer NOT NULL,
	"reason" text NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "schema_compat_one_row" CHECK ("schema_compat"."id"),
	CONSTRAINT "schema_compat_level_positive" CHECK ("schema_compat"."min_release_level" >= 1)
);
--> statement-breakpoint
INSERT INTO "schema_compat" ("min_release_level", "reason") VALUES (1, 'the first level; the releases before it (c329e91 and earlier) do not read it: stop every instance of them before migrating (CHANGELOG.md)');
