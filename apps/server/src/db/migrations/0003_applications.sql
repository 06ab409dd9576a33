CREATE TABLE "application_required_disclosures" (
	"application_uuid" uuid NOT NULL,
	"kind" text NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "application_required_disclosures_pk" PRIMARY KEY("application_uuid","kind")
);
--> statement-breakpoint
CREATE TABLE "applications" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"identity_uuid" uuid NOT NULL,
	"organization" text NOT NULL,
	"loan_originator_uuid" uuid,
	"referral_uuid" uuid,
	"flow" text NOT NULL,
	"state" text NOT NULL,
	"stage" text NOT NULL,
	"is_international" boolean DEFAULT false NOT NULL,
	"is_roll_forward" boolean DEFAULT false NOT NULL,
	"is_celsius_refi" boolean DEFAULT false NOT NULL,
	"state_code" text,
	"country_code" text,
	"requested_amount_cents" bigint,
	"collateral_type" text,
	"coin_quantity" numeric(38, 18),
	"selected_offer_uuid" uuid,
	"details_submitted_at" timestamp with time zone,
	"e_sign_consented_at" timestamp with time zone,
	"citizenship_attested_at" timestamp with time zone,
	"idempotency_key" text,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "applications_flow_known" CHECK ("applications"."flow" IN ('WEB', 'MOBILE')),
	CONSTRAINT "applications_state_known" CHECK ("applications"."state" IN ('CREATED', 'OFFER_ACCEPTED', 'ATTACH_PROFILE', 'SOFT_CREDIT', 'GEN_APP_DISCLOSURES', 'SIGN_DOCS', 'WAITING_FOR_COLLATERAL', 'CRYPTO_FUNDING_VERIFY', 'BORROWER_MICRO_DEPOSIT_CONFIRM', 'MANUAL_FUNDING_RELEASE', 'COMPLETE', 'PAID_OFF', 'COLLATERAL_RELEASED', 'DECLINED', 'CANCELLED', 'SOFT_CREDIT_NO_MATCH', 'SOFT_CREDIT_LOCKED', 'SOFT_CREDIT_FROZEN', 'CELSIUS_TOP_UP_REQUESTED', 'CELSIUS_WAITING_FOR_TOP_UP', 'CELSIUS_FULL_COLLATERAL_RECEIVED')),
	CONSTRAINT "applications_stage_known" CHECK ("applications"."stage" IN ('UNINITIALIZED_STATE', 'APPLYING', 'PROCESSING', 'ORIGINATING', 'COLLATERAL_RELEASE', 'FINAL')),
	CONSTRAINT "applications_one_residence" CHECK ("applications"."state_code" IS NULL OR "applications"."country_code" IS NULL),
	CONSTRAINT "applications_requested_amount_positive" CHECK ("applications"."requested_amount_cents" IS NULL OR "applications"."requested_amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "credit_checks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_uuid" uuid NOT NULL,
	"outcome" text NOT NULL,
	"bureau" text,
	"bureau_reference" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_checks_outcome_known" CHECK ("credit_checks"."outcome" IN ('APPROVED', 'NO_MATCH', 'LOCKED', 'FROZEN', 'DECLINED', 'NOT_REQUIRED'))
);
--> statement-breakpoint
CREATE TABLE "offers" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_uuid" uuid NOT NULL,
	"amount_cents" bigint NOT NULL,
	"draw_amount_cents" bigint NOT NULL,
	"term_months" integer NOT NULL,
	"ltv_pct" numeric(7, 2) NOT NULL,
	"interest_rate_bps" integer NOT NULL,
	"interest_rate_pct" numeric(7, 3) NOT NULL,
	"annual_percentage_rate_pct" numeric(7, 3) NOT NULL,
	"origination_fee_bps" integer NOT NULL,
	"origination_fee_amount_cents" bigint NOT NULL,
	"estimated_monthly_payment_cents" bigint NOT NULL,
	"collateral_type" text NOT NULL,
	"collateral_units" numeric(38, 18) NOT NULL,
	"min_collateral_units" numeric(38, 18) NOT NULL,
	"collateral_amount_cents" bigint NOT NULL,
	"warning_price_cents" bigint NOT NULL,
	"margin_call_price_cents" bigint NOT NULL,
	"liquidation_price_cents" bigint NOT NULL,
	"courtesy_notice_ltv_pct" numeric(7, 2) NOT NULL,
	"tier_id" text NOT NULL,
	"finance_charge_cents" bigint NOT NULL,
	"total_of_payments_cents" bigint NOT NULL,
	"payment_schedule" jsonb NOT NULL,
	"state_code" text,
	"country_code" text,
	"price_cents" bigint NOT NULL,
	"price_as_of" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"superseded_at" timestamp with time zone,
	CONSTRAINT "offers_amounts_positive" CHECK ("offers"."draw_amount_cents" > 0 AND "offers"."price_cents" > 0),
	CONSTRAINT "offers_expiry_after_creation" CHECK ("offers"."expires_at" > "offers"."created_at")
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer NOT NULL,
	"last_error" text,
	"locked_at" timestamp with time zone,
	"locked_by" text,
	"done_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"dedupe_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "jobs_dedupe_key_unique" UNIQUE("dedupe_key"),
	CONSTRAINT "jobs_attempts_bounded" CHECK ("jobs"."attempts" >= 0 AND "jobs"."max_attempts" >= 1)
);
--> statement-breakpoint
CREATE TABLE "waitlist" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email_sealed" text NOT NULL,
	"email_blind_index" text NOT NULL,
	"state_code" text NOT NULL,
	"organization" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "application_required_disclosures" ADD CONSTRAINT "application_required_disclosures_application_uuid_applications_uuid_fk" FOREIGN KEY ("application_uuid") REFERENCES "public"."applications"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_selected_offer_uuid_offers_uuid_fk" FOREIGN KEY ("selected_offer_uuid") REFERENCES "public"."offers"("uuid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_checks" ADD CONSTRAINT "credit_checks_application_uuid_applications_uuid_fk" FOREIGN KEY ("application_uuid") REFERENCES "public"."applications"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_application_uuid_applications_uuid_fk" FOREIGN KEY ("application_uuid") REFERENCES "public"."applications"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "applications_identity_created_idx" ON "applications" USING btree ("identity_uuid","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "applications_state_idx" ON "applications" USING btree ("state","updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "applications_identity_idempotency_key_unique" ON "applications" USING btree ("identity_uuid","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "applications_open_new_loan_unique" ON "applications" USING btree ("identity_uuid","organization","flow") WHERE "applications"."state" = 'CREATED' AND NOT "applications"."is_roll_forward" AND NOT "applications"."is_celsius_refi";--> statement-breakpoint
CREATE INDEX "credit_checks_application_idx" ON "credit_checks" USING btree ("application_uuid","at");--> statement-breakpoint
CREATE INDEX "offers_application_created_idx" ON "offers" USING btree ("application_uuid","created_at");--> statement-breakpoint
CREATE INDEX "jobs_pending_idx" ON "jobs" USING btree ("run_at") WHERE "jobs"."done_at" IS NULL AND "jobs"."failed_at" IS NULL AND "jobs"."locked_at" IS NULL;--> statement-breakpoint
CREATE INDEX "jobs_running_idx" ON "jobs" USING btree ("locked_at") WHERE "jobs"."locked_at" IS NOT NULL AND "jobs"."done_at" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_email_state_unique" ON "waitlist" USING btree ("email_blind_index","state_code");--> statement-breakpoint
CREATE INDEX "waitlist_state_created_idx" ON "waitlist" USING btree ("state_code","created_at");