CREATE TABLE "telemetry_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"session_uuid" uuid NOT NULL,
	"context" text NOT NULL,
	"event" text NOT NULL,
	"event_type" text NOT NULL,
	"product_type" text NOT NULL,
	"domain" text NOT NULL,
	"page_path" text NOT NULL,
	"query_params" jsonb NOT NULL,
	"event_properties" jsonb NOT NULL,
	"identity_uuid" uuid,
	"application_uuid" uuid,
	"dedupe_hash" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "telemetry_events_properties_size" CHECK (octet_length("telemetry_events"."event_properties"::text) <= 16384)
);
--> statement-breakpoint
CREATE TABLE "telemetry_sessions" (
	"uuid" uuid PRIMARY KEY NOT NULL,
	"tracker_uuid" uuid NOT NULL,
	"epoch_ms" bigint NOT NULL,
	"context" text NOT NULL,
	"platform" text NOT NULL,
	"library_version" text NOT NULL,
	"app_version" text NOT NULL,
	"referrer" text NOT NULL,
	"screen_width" integer NOT NULL,
	"screen_height" integer NOT NULL,
	"window_width" integer NOT NULL,
	"window_height" integer NOT NULL,
	"identity_uuid" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "feature_flags" (
	"key" text PRIMARY KEY NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"rollout_pct" integer DEFAULT 100 NOT NULL,
	"organization_overrides" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	CONSTRAINT "feature_flags_rollout_range" CHECK ("feature_flags"."rollout_pct" BETWEEN 0 AND 100),
	CONSTRAINT "feature_flags_overrides_object" CHECK (jsonb_typeof("feature_flags"."organization_overrides") = 'object')
);
--> statement-breakpoint
CREATE TABLE "banners" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"message" text NOT NULL,
	"apps" text[] NOT NULL,
	"variant" text NOT NULL,
	"active" boolean DEFAULT false NOT NULL,
	"dismissable" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "banners_variant" CHECK ("banners"."variant" IN ('info', 'warn'))
);
--> statement-breakpoint
CREATE TABLE "profile_consents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"identity_uuid" uuid NOT NULL,
	"consent_type" text NOT NULL,
	"version" text NOT NULL,
	"opt_in_out" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "profiles" (
	"identity_uuid" uuid PRIMARY KEY NOT NULL,
	"details_sealed" text NOT NULL,
	"ssn_sealed" text,
	"ssn_blind_index" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "telemetry_events" ADD CONSTRAINT "telemetry_events_session_uuid_telemetry_sessions_uuid_fk" FOREIGN KEY ("session_uuid") REFERENCES "public"."telemetry_sessions"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "telemetry_events_dedupe_idx" ON "telemetry_events" USING btree ("session_uuid","event","dedupe_hash");--> statement-breakpoint
CREATE INDEX "telemetry_events_received_idx" ON "telemetry_events" USING btree ("received_at");--> statement-breakpoint
CREATE INDEX "telemetry_sessions_tracker_idx" ON "telemetry_sessions" USING btree ("tracker_uuid");--> statement-breakpoint
CREATE INDEX "banners_active_created_idx" ON "banners" USING btree ("active","created_at");--> statement-breakpoint
CREATE INDEX "profile_consents_identity_idx" ON "profile_consents" USING btree ("identity_uuid","consent_type","at");--> statement-breakpoint
CREATE INDEX "profiles_ssn_blind_index_idx" ON "profiles" USING btree ("ssn_blind_index");