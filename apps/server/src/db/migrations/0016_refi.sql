CREATE TABLE "refi_application_loans" (
	"application_uuid" uuid NOT NULL,
	"loan_id" text NOT NULL,
	"identity_uuid" uuid NOT NULL,
	CONSTRAINT "refi_application_loans_pk" PRIMARY KEY("application_uuid","loan_id")
);
--> statement-breakpoint
CREATE TABLE "refi_applications" (
	"application_uuid" uuid PRIMARY KEY NOT NULL,
	"identity_uuid" uuid NOT NULL,
	"collateral_type" text NOT NULL,
	"legacy_collateral_quantity" numeric(38, 18) NOT NULL,
	"principal_cents" bigint NOT NULL,
	"jurisdiction" text NOT NULL,
	"stabilization_opt_in" boolean,
	"submitted_at" timestamp with time zone,
	"complete_by" timestamp with time zone,
	"top_up_coin_quantity" numeric(38, 18),
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refi_estate_payoffs" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_uuid" uuid NOT NULL,
	"loan_ids" text[] NOT NULL,
	"amount_cents" bigint NOT NULL,
	"status" text DEFAULT 'OWED' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"confirmed_at" timestamp with time zone,
	"confirmed_by" uuid,
	"confirmed_by_email" text,
	"reference" text,
	"note" text,
	CONSTRAINT "refi_estate_payoffs_status_known" CHECK ("refi_estate_payoffs"."status" IN ('OWED', 'CONFIRMED')),
	CONSTRAINT "refi_estate_payoffs_amount_positive" CHECK ("refi_estate_payoffs"."amount_cents" > 0),
	CONSTRAINT "refi_estate_payoffs_confirmed_complete" CHECK (("refi_estate_payoffs"."status" = 'CONFIRMED') = ("refi_estate_payoffs"."confirmed_at" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "refi_offers" (
	"offer_uuid" uuid PRIMARY KEY NOT NULL,
	"application_uuid" uuid NOT NULL,
	"treatment" text NOT NULL,
	"top_up_required" boolean NOT NULL,
	"top_up_coin_quantity" numeric(38, 18) NOT NULL,
	"current_ltv_pct" numeric(9, 2) NOT NULL,
	"post_top_up_ltv_pct" numeric(9, 2),
	"collateral_reuse_consent" text NOT NULL,
	CONSTRAINT "refi_offers_treatment_known" CHECK ("refi_offers"."treatment" IN ('CUSTODY_ONLY', 'OWNERSHIP_TRANSFER')),
	CONSTRAINT "refi_offers_reuse_consent_known" CHECK ("refi_offers"."collateral_reuse_consent" IN ('DECLINE_REHYPOTHECATION', 'ALLOW_REHYPOTHECATION'))
);
--> statement-breakpoint
CREATE TABLE "refi_tape_imports" (
	"file_sha256" text PRIMARY KEY NOT NULL,
	"imported_by" uuid NOT NULL,
	"imported_by_email" text NOT NULL,
	"row_count" integer NOT NULL,
	"inserted" integer NOT NULL,
	"updated" integer NOT NULL,
	"unchanged" integer NOT NULL,
	"locked" integer NOT NULL,
	"imported_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refi_tape_loans" (
	"loan_id" text PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"borrower_email" text NOT NULL,
	"matched_identity_uuid" uuid,
	"collateral_type" text NOT NULL,
	"collateral_quantity" numeric(38, 18) NOT NULL,
	"principal_cents" bigint NOT NULL,
	"jurisdiction" text NOT NULL,
	"passport_on_file" boolean NOT NULL,
	"custody_arrangement" text NOT NULL,
	"status" text DEFAULT 'OPEN' NOT NULL,
	"import_sha256" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refi_tape_loans_source_known" CHECK ("refi_tape_loans"."source" IN ('SANDBOX', 'IMPORT')),
	CONSTRAINT "refi_tape_loans_status_known" CHECK ("refi_tape_loans"."status" IN ('OPEN', 'REFINANCED')),
	CONSTRAINT "refi_tape_loans_type_known" CHECK ("refi_tape_loans"."collateral_type" IN ('BTC', 'ETH', 'SOL')),
	CONSTRAINT "refi_tape_loans_custody_known" CHECK ("refi_tape_loans"."custody_arrangement" IN ('CUSTODY', 'EARN', 'WITHHOLD')),
	CONSTRAINT "refi_tape_loans_email_lower" CHECK ("refi_tape_loans"."borrower_email" = lower("refi_tape_loans"."borrower_email")),
	CONSTRAINT "refi_tape_loans_principal_positive" CHECK ("refi_tape_loans"."principal_cents" > 0),
	CONSTRAINT "refi_tape_loans_quantity_positive" CHECK ("refi_tape_loans"."collateral_quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"journal_uuid" uuid NOT NULL,
	"loan_uuid" uuid NOT NULL,
	"kind" text NOT NULL,
	"account" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"effective_on" date NOT NULL,
	"reverses_journal_uuid" uuid,
	"payment_uuid" uuid,
	"period_number" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entries_nonzero" CHECK (amount_cents <> 0)
);
--> statement-breakpoint
CREATE TABLE "payoff_quotes" (
	"uuid" uuid PRIMARY KEY NOT NULL,
	"loan_uuid" uuid NOT NULL,
	"amount_cents" bigint NOT NULL,
	"principal_cents" bigint NOT NULL,
	"origination_fee_cents" bigint NOT NULL,
	"deferred_interest_cents" bigint NOT NULL,
	"accrued_interest_cents" bigint NOT NULL,
	"fees_cents" bigint NOT NULL,
	"payoff_date" date NOT NULL,
	"valid_until" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "servicing_deferrals" (
	"uuid" uuid PRIMARY KEY NOT NULL,
	"loan_uuid" uuid NOT NULL,
	"period_number" integer NOT NULL,
	"interest_cents" bigint NOT NULL,
	"idempotency_key" text NOT NULL,
	"journal_uuid" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "servicing_loans" (
	"loan_uuid" uuid PRIMARY KEY NOT NULL,
	"identity_uuid" uuid NOT NULL,
	"status" text NOT NULL,
	"interest_rate_bps" integer NOT NULL,
	"term_months" integer NOT NULL,
	"funded_on" date NOT NULL,
	"maturity_date" date NOT NULL,
	"period_number" integer NOT NULL,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"period_base_cents" bigint NOT NULL,
	"period_accrued_cents" bigint DEFAULT 0 NOT NULL,
	"accrued_through" date NOT NULL,
	"autopay_enabled" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "servicing_notices" (
	"loan_uuid" uuid NOT NULL,
	"kind" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "servicing_payments" (
	"uuid" uuid PRIMARY KEY NOT NULL,
	"loan_uuid" uuid NOT NULL,
	"method" text NOT NULL,
	"purpose" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"status" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"reference" text,
	"transfer_id" text,
	"received_on" date,
	"quote_uuid" uuid,
	"failure_reason" text,
	"actor" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "servicing_payments_positive" CHECK (amount_cents > 0)
);
--> statement-breakpoint
CREATE TABLE "servicing_statements" (
	"uuid" uuid PRIMARY KEY NOT NULL,
	"loan_uuid" uuid NOT NULL,
	"period_number" integer NOT NULL,
	"cycle_date" date NOT NULL,
	"due_date" date NOT NULL,
	"amount_due_cents" bigint NOT NULL,
	"balance_cents" bigint NOT NULL,
	"accrued_interest_cents" bigint NOT NULL,
	"ltv_pct" text,
	"pdf_key" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "refi_application_loans" ADD CONSTRAINT "refi_application_loans_application_uuid_applications_uuid_fk" FOREIGN KEY ("application_uuid") REFERENCES "public"."applications"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refi_application_loans" ADD CONSTRAINT "refi_application_loans_loan_id_refi_tape_loans_loan_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."refi_tape_loans"("loan_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refi_applications" ADD CONSTRAINT "refi_applications_application_uuid_applications_uuid_fk" FOREIGN KEY ("application_uuid") REFERENCES "public"."applications"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refi_estate_payoffs" ADD CONSTRAINT "refi_estate_payoffs_application_uuid_applications_uuid_fk" FOREIGN KEY ("application_uuid") REFERENCES "public"."applications"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refi_offers" ADD CONSTRAINT "refi_offers_offer_uuid_offers_uuid_fk" FOREIGN KEY ("offer_uuid") REFERENCES "public"."offers"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refi_offers" ADD CONSTRAINT "refi_offers_application_uuid_applications_uuid_fk" FOREIGN KEY ("application_uuid") REFERENCES "public"."applications"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_loan_uuid_applications_uuid_fk" FOREIGN KEY ("loan_uuid") REFERENCES "public"."applications"("uuid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payoff_quotes" ADD CONSTRAINT "payoff_quotes_loan_uuid_applications_uuid_fk" FOREIGN KEY ("loan_uuid") REFERENCES "public"."applications"("uuid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "servicing_deferrals" ADD CONSTRAINT "servicing_deferrals_loan_uuid_applications_uuid_fk" FOREIGN KEY ("loan_uuid") REFERENCES "public"."applications"("uuid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "servicing_loans" ADD CONSTRAINT "servicing_loans_loan_uuid_applications_uuid_fk" FOREIGN KEY ("loan_uuid") REFERENCES "public"."applications"("uuid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "servicing_notices" ADD CONSTRAINT "servicing_notices_loan_uuid_applications_uuid_fk" FOREIGN KEY ("loan_uuid") REFERENCES "public"."applications"("uuid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "servicing_payments" ADD CONSTRAINT "servicing_payments_loan_uuid_applications_uuid_fk" FOREIGN KEY ("loan_uuid") REFERENCES "public"."applications"("uuid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "servicing_statements" ADD CONSTRAINT "servicing_statements_loan_uuid_applications_uuid_fk" FOREIGN KEY ("loan_uuid") REFERENCES "public"."applications"("uuid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "refi_application_loans_loan_identity_idx" ON "refi_application_loans" USING btree ("loan_id","identity_uuid");--> statement-breakpoint
CREATE INDEX "refi_applications_identity_idx" ON "refi_applications" USING btree ("identity_uuid","created_at");--> statement-breakpoint
CREATE INDEX "refi_applications_complete_by_idx" ON "refi_applications" USING btree ("complete_by");--> statement-breakpoint
CREATE UNIQUE INDEX "refi_estate_payoffs_application_unique" ON "refi_estate_payoffs" USING btree ("application_uuid");--> statement-breakpoint
CREATE INDEX "refi_estate_payoffs_created_idx" ON "refi_estate_payoffs" USING btree ("created_at","uuid");--> statement-breakpoint
CREATE INDEX "refi_offers_application_idx" ON "refi_offers" USING btree ("application_uuid");--> statement-breakpoint
CREATE INDEX "refi_tape_loans_email_idx" ON "refi_tape_loans" USING btree ("borrower_email");--> statement-breakpoint
CREATE INDEX "refi_tape_loans_matched_identity_idx" ON "refi_tape_loans" USING btree ("matched_identity_uuid");--> statement-breakpoint
CREATE INDEX "refi_tape_loans_status_loan_idx" ON "refi_tape_loans" USING btree ("status","loan_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_loan_idx" ON "ledger_entries" USING btree ("loan_uuid","account");--> statement-breakpoint
CREATE INDEX "ledger_entries_journal_idx" ON "ledger_entries" USING btree ("journal_uuid");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_reversal_unique" ON "ledger_entries" USING btree ("reverses_journal_uuid","account") WHERE reverses_journal_uuid IS NOT NULL;--> statement-breakpoint
CREATE INDEX "payoff_quotes_loan_idx" ON "payoff_quotes" USING btree ("loan_uuid","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "servicing_deferrals_period_unique" ON "servicing_deferrals" USING btree ("loan_uuid","period_number");--> statement-breakpoint
CREATE UNIQUE INDEX "servicing_deferrals_idempotency_unique" ON "servicing_deferrals" USING btree ("loan_uuid","idempotency_key");--> statement-breakpoint
CREATE INDEX "servicing_loans_accrual_idx" ON "servicing_loans" USING btree ("accrued_through") WHERE status IN ('ACTIVE', 'MARGIN_CALL', 'MATURED');--> statement-breakpoint
CREATE INDEX "servicing_loans_maturity_idx" ON "servicing_loans" USING btree ("maturity_date") WHERE status IN ('ACTIVE', 'MARGIN_CALL');--> statement-breakpoint
CREATE INDEX "servicing_loans_identity_idx" ON "servicing_loans" USING btree ("identity_uuid");--> statement-breakpoint
CREATE INDEX "servicing_loans_status_idx" ON "servicing_loans" USING btree ("status","created_at","loan_uuid");--> statement-breakpoint
CREATE UNIQUE INDEX "servicing_notices_unique" ON "servicing_notices" USING btree ("loan_uuid","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "servicing_payments_idempotency_unique" ON "servicing_payments" USING btree ("loan_uuid","idempotency_key");--> statement-breakpoint
CREATE INDEX "servicing_payments_loan_idx" ON "servicing_payments" USING btree ("loan_uuid","created_at");--> statement-breakpoint
CREATE INDEX "servicing_payments_pending_idx" ON "servicing_payments" USING btree ("created_at") WHERE status = 'PENDING';--> statement-breakpoint
CREATE UNIQUE INDEX "servicing_statements_cycle_unique" ON "servicing_statements" USING btree ("loan_uuid","period_number");--> statement-breakpoint
CREATE INDEX "servicing_statements_pdf_idx" ON "servicing_statements" USING btree ("created_at") WHERE pdf_key IS NULL;