-- Operators' view of the outside dependencies and of the sweeps: each dependency's last probe
-- (last success, last error) and each sweep's last successful run. Expand-only: two new tables
-- the previous release never reads.
CREATE TABLE "dependency_probes" (
	"dependency" text PRIMARY KEY NOT NULL,
	"is_up" boolean NOT NULL,
	"last_probed_at" timestamp with time zone NOT NULL,
	"last_success_at" timestamp with time zone,
	"last_error_at" timestamp with time zone,
	"last_error_class" text,
	"last_error_code" text,
	"last_error_message" text,
	CONSTRAINT "dependency_probes_dependency_length" CHECK (char_length("dependency_probes"."dependency") <= 64),
	CONSTRAINT "dependency_probes_error_message_length" CHECK (char_length("dependency_probes"."last_error_message") <= 300)
);
--> statement-breakpoint
CREATE TABLE "sweep_runs" (
	"sweep" text PRIMARY KEY NOT NULL,
	"last_succeeded_at" timestamp with time zone NOT NULL
);
