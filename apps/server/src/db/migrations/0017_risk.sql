CREATE TABLE "liquidations" (
	"uuid" uuid PRIMARY KEY NOT NULL,
	"loan_uuid" uuid NOT NULL,
	"status" text NOT NULL,
	"reason" text NOT NULL,
	"ltv_at_decision_pct" numeric(12, 2) NOT NULL,
	"decision_price_observation_id" bigint NOT NULL,
	"coin_quantity_to_sell" numeric(38, 18) NOT NULL,
	"coin_quantity_sold" numeric(38, 18),
	"fill_price_cents" bigint,
	"venue" text,
	"executed_at" timestamp with time zone,
	"proceeds_cents" bigint,
	"fee_cents" bigint,
	"applied_cents" bigint,
	"surplus_cents" bigint,
	"ltv_after_pct" numeric(12, 2),
	"journal_uuid" uuid,
	"filled_by" text,
	"fill_idempotency_key" text,
	"statement_pdf_key" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "liquidations_fill_complete" CHECK ((status = 'OPEN') = (executed_at IS NULL) AND (executed_at IS NULL) = (coin_quantity_sold IS NULL)),
	CONSTRAINT "liquidations_sell_positive" CHECK (coin_quantity_to_sell > 0)
);
--> statement-breakpoint
CREATE TABLE "loan_risk_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"loan_uuid" uuid NOT NULL,
	"from_level" text NOT NULL,
	"to_level" text NOT NULL,
	"notices" text[] DEFAULT '{}'::text[] NOT NULL,
	"ltv_pct" numeric(12, 2) NOT NULL,
	"price_observation_id" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "price_observations" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"collateral_type" text NOT NULL,
	"price_cents" bigint NOT NULL,
	"source" text NOT NULL,
	"venues" text[] DEFAULT '{}'::text[] NOT NULL,
	"accepted" boolean DEFAULT true NOT NULL,
	"rejected_reason" text,
	"observed_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "price_observations_positive" CHECK (price_cents > 0)
);
--> statement-breakpoint
ALTER TABLE "servicing_loans" ADD COLUMN "collateral_type" text;--> statement-breakpoint
ALTER TABLE "servicing_loans" ADD COLUMN "collateral_units" numeric(38, 18);--> statement-breakpoint
ALTER TABLE "servicing_loans" ADD COLUMN "interest_bearing_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "servicing_loans" ADD COLUMN "risk_level" text DEFAULT 'NONE' NOT NULL;--> statement-breakpoint
ALTER TABLE "servicing_loans" ADD COLUMN "risk_notified_level" text DEFAULT 'NONE' NOT NULL;--> statement-breakpoint
ALTER TABLE "servicing_loans" ADD COLUMN "risk_level_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "servicing_loans" ADD COLUMN "risk_ltv_pct" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "servicing_loans" ADD COLUMN "risk_price_observation_id" bigint;--> statement-breakpoint
ALTER TABLE "servicing_loans" ADD COLUMN "risk_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "servicing_loans" ADD COLUMN "cure_deadline" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "servicing_loans" ADD COLUMN "stabilization" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "liquidations" ADD CONSTRAINT "liquidations_loan_uuid_applications_uuid_fk" FOREIGN KEY ("loan_uuid") REFERENCES "public"."applications"("uuid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "liquidations" ADD CONSTRAINT "liquidations_decision_price_observation_id_price_observations_id_fk" FOREIGN KEY ("decision_price_observation_id") REFERENCES "public"."price_observations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_risk_events" ADD CONSTRAINT "loan_risk_events_loan_uuid_applications_uuid_fk" FOREIGN KEY ("loan_uuid") REFERENCES "public"."applications"("uuid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_risk_events" ADD CONSTRAINT "loan_risk_events_price_observation_id_price_observations_id_fk" FOREIGN KEY ("price_observation_id") REFERENCES "public"."price_observations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "liquidations_one_open_per_loan" ON "liquidations" USING btree ("loan_uuid") WHERE status = 'OPEN';--> statement-breakpoint
CREATE INDEX "liquidations_loan_idx" ON "liquidations" USING btree ("loan_uuid","created_at");--> statement-breakpoint
CREATE INDEX "liquidations_open_idx" ON "liquidations" USING btree ("created_at") WHERE status = 'OPEN';--> statement-breakpoint
CREATE INDEX "loan_risk_events_loan_idx" ON "loan_risk_events" USING btree ("loan_uuid","created_at");--> statement-breakpoint
CREATE INDEX "price_observations_type_idx" ON "price_observations" USING btree ("collateral_type","observed_at","id");--> statement-breakpoint
CREATE INDEX "servicing_loans_risk_idx" ON "servicing_loans" USING btree ("collateral_type") WHERE status IN ('ACTIVE', 'MARGIN_CALL');--> statement-breakpoint
-- interest_bearing_cents is the sum of the loan's PRINCIPAL, ORIGINATION_FEE and DEFERRED_INTEREST
-- entries: filled from the ledger once, then kept by a trigger in the transaction of every entry.
UPDATE "servicing_loans" s SET "interest_bearing_cents" = coalesce((
  SELECT sum(e."amount_cents") FROM "ledger_entries" e
  WHERE e."loan_uuid" = s."loan_uuid" AND e."account" IN ('PRINCIPAL', 'ORIGINATION_FEE', 'DEFERRED_INTEREST')), 0);
--> statement-breakpoint
CREATE FUNCTION "servicing_loans_keep_interest_bearing"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."account" IN ('PRINCIPAL', 'ORIGINATION_FEE', 'DEFERRED_INTEREST') THEN
    UPDATE "servicing_loans" SET "interest_bearing_cents" = "interest_bearing_cents" + NEW."amount_cents"
    WHERE "loan_uuid" = NEW."loan_uuid";
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "ledger_entries_interest_bearing" AFTER INSERT ON "ledger_entries"
FOR EACH ROW EXECUTE FUNCTION "servicing_loans_keep_interest_bearing"();
