CREATE TABLE "rate_limit_counters" (
	"bucket" text PRIMARY KEY NOT NULL,
	"hits" integer NOT NULL,
	"window_ends_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "encryption_key_check" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"key_id" text NOT NULL,
	"check_sealed" text NOT NULL,
	"index_key_sealed" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "encryption_key_check_single_row" CHECK ("encryption_key_check"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "stored_files" (
	"key" text PRIMARY KEY NOT NULL,
	"sealed" "bytea" NOT NULL,
	"size_bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stored_files_size" CHECK ("stored_files"."size_bytes" = octet_length("stored_files"."sealed"))
);
--> statement-breakpoint
-- The job queue moved to graphile-worker, whose schema is installed before the migrations run:
-- jobs still waiting (or running when the old worker stopped) move over with their due time, the
-- attempts they have left and their dedupe key; jobs done or failed for good stay behind.
SELECT graphile_worker.add_job(
  identifier => "kind",
  payload => "payload"::json,
  run_at => "run_at",
  max_attempts => greatest("max_attempts" - "attempts", 1),
  job_key => "dedupe_key",
  job_key_mode => 'unsafe_dedupe'
) FROM "jobs" WHERE "done_at" IS NULL AND "failed_at" IS NULL;--> statement-breakpoint
DROP TABLE "jobs" CASCADE;--> statement-breakpoint
ALTER TABLE "outbox" DROP CONSTRAINT "outbox_status_known";--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "kind" text DEFAULT 'message' NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "from_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "sealed_message" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "job_id" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "rate_limit_counters_window_ends_idx" ON "rate_limit_counters" USING btree ("window_ends_at");--> statement-breakpoint
CREATE INDEX "outbox_failed_idx" ON "outbox" USING btree ("created_at") WHERE "outbox"."status" = 'failed';--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_status_known" CHECK ("outbox"."status" IN ('queued', 'stored', 'sent', 'failed'));