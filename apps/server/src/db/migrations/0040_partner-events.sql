CREATE TABLE "partner_api_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"brand" text NOT NULL,
	"key_id" text NOT NULL,
	"secret_hash" text NOT NULL,
	"scopes" text[] NOT NULL,
	"label" text NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"last_used_at" timestamp with time zone,
	"replaces_id" uuid
);
--> statement-breakpoint
CREATE TABLE "partner_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"endpoint_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"event_seq" bigint NOT NULL,
	"app_uuid" uuid NOT NULL,
	"status" text NOT NULL,
	"is_replay" boolean DEFAULT false NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"last_status_code" integer,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "partner_deliveries_status_check" CHECK ("partner_deliveries"."status" IN ('PENDING', 'DELIVERED', 'GAVE_UP'))
);
--> statement-breakpoint
CREATE TABLE "partner_delivery_attempts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "partner_delivery_attempts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"delivery_id" uuid NOT NULL,
	"attempted_at" timestamp with time zone NOT NULL,
	"status_code" integer,
	"is_success" boolean NOT NULL,
	"error" text,
	"latency_ms" integer NOT NULL,
	"response_body" text,
	CONSTRAINT "partner_delivery_attempts_body_check" CHECK (octet_length("partner_delivery_attempts"."response_body") <= 1024 AND octet_length("partner_delivery_attempts"."error") <= 1024)
);
--> statement-breakpoint
CREATE TABLE "partner_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "partner_events_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"outbox_id" bigint NOT NULL,
	"type" text NOT NULL,
	"version" integer NOT NULL,
	"brand" text NOT NULL,
	"app_uuid" uuid NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partner_outbox" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "partner_outbox_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"audit_event_id" uuid,
	"entity_type" text NOT NULL,
	"entity_id" text NOT NULL,
	"from_state" text,
	"to_state" text,
	"at" timestamp with time zone NOT NULL,
	"drained_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "partner_webhook_endpoints" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"brand" text NOT NULL,
	"url" text NOT NULL,
	"description" text NOT NULL,
	"secret_sealed" text NOT NULL,
	"status" text NOT NULL,
	"failing_since" timestamp with time zone,
	"disabled_at" timestamp with time zone,
	"disabled_reason" text,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "partner_webhook_endpoints_status_check" CHECK ("partner_webhook_endpoints"."status" IN ('ACTIVE', 'DISABLED'))
);
--> statement-breakpoint
CREATE TABLE "sandbox_webhook_inbox" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sandbox_webhook_inbox_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"event_id" text NOT NULL,
	"signature" text NOT NULL,
	"body" text NOT NULL,
	"answered_status" integer NOT NULL,
	"received_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_webhook_receiver" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"fail_remaining" integer DEFAULT 0 NOT NULL,
	"fail_status" integer DEFAULT 503 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "partner_deliveries" ADD CONSTRAINT "partner_deliveries_endpoint_id_partner_webhook_endpoints_id_fk" FOREIGN KEY ("endpoint_id") REFERENCES "public"."partner_webhook_endpoints"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_deliveries" ADD CONSTRAINT "partner_deliveries_event_id_partner_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."partner_events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_delivery_attempts" ADD CONSTRAINT "partner_delivery_attempts_delivery_id_partner_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."partner_deliveries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "partner_api_keys_key_id_unique" ON "partner_api_keys" USING btree ("key_id");--> statement-breakpoint
CREATE INDEX "partner_api_keys_brand_idx" ON "partner_api_keys" USING btree ("brand");--> statement-breakpoint
CREATE UNIQUE INDEX "partner_deliveries_first_unique" ON "partner_deliveries" USING btree ("endpoint_id","event_id") WHERE NOT is_replay;--> statement-breakpoint
CREATE INDEX "partner_deliveries_pending_idx" ON "partner_deliveries" USING btree ("endpoint_id","app_uuid","event_seq") WHERE status = 'PENDING';--> statement-breakpoint
CREATE INDEX "partner_deliveries_endpoint_time_idx" ON "partner_deliveries" USING btree ("endpoint_id","created_at");--> statement-breakpoint
CREATE INDEX "partner_delivery_attempts_delivery_idx" ON "partner_delivery_attempts" USING btree ("delivery_id","attempted_at");--> statement-breakpoint
CREATE UNIQUE INDEX "partner_events_seq_unique" ON "partner_events" USING btree ("seq");--> statement-breakpoint
CREATE UNIQUE INDEX "partner_events_outbox_type_unique" ON "partner_events" USING btree ("outbox_id","type");--> statement-breakpoint
CREATE INDEX "partner_events_brand_seq_idx" ON "partner_events" USING btree ("brand","seq");--> statement-breakpoint
CREATE INDEX "partner_events_brand_time_idx" ON "partner_events" USING btree ("brand","occurred_at");--> statement-breakpoint
CREATE INDEX "partner_outbox_waiting_idx" ON "partner_outbox" USING btree ("id") WHERE drained_at IS NULL;--> statement-breakpoint
CREATE INDEX "partner_webhook_endpoints_brand_idx" ON "partner_webhook_endpoints" USING btree ("brand");--> statement-breakpoint
CREATE INDEX "sandbox_webhook_inbox_received_idx" ON "sandbox_webhook_inbox" USING btree ("received_at");--> statement-breakpoint
-- The transactional outbox of partner events: the audit row of an application or a loan (and a
-- statement when it is issued) is copied in the transaction that writes it, so an event exists
-- exactly when its change committed; a job of the singleton queue partner-outbox-drain turns the
-- copies into events of the catalogue.
CREATE OR REPLACE FUNCTION "partner_outbox_enqueue_drain"() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM graphile_worker.add_job(
    identifier => 'partner-outbox-drain',
    payload => '{}'::json,
    queue_name => 'partner-outbox-drain',
    max_attempts => 25
  );
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "partner_outbox_capture_audit"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "partner_outbox" ("audit_event_id", "entity_type", "entity_id", "from_state", "to_state", "at")
  VALUES (NEW."id", NEW."entity_type", NEW."entity_id", NEW."from_state", NEW."to_state", NEW."at");
  PERFORM "partner_outbox_enqueue_drain"();
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "audit_events_partner_outbox" AFTER INSERT ON "audit_events"
  FOR EACH ROW
  WHEN (NEW."entity_type" IN ('application', 'servicing-loan', 'servicing-payment', 'liquidation'))
  EXECUTE FUNCTION "partner_outbox_capture_audit"();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "partner_outbox_capture_statement"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "partner_outbox" ("entity_type", "entity_id", "from_state", "to_state", "at")
  VALUES ('servicing-statement', NEW."uuid"::text, NULL, 'ISSUED', NEW."created_at");
  PERFORM "partner_outbox_enqueue_drain"();
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "servicing_statements_partner_outbox" AFTER INSERT ON "servicing_statements"
  FOR EACH ROW EXECUTE FUNCTION "partner_outbox_capture_statement"();
