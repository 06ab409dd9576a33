CREATE SEQUENCE "public"."deposit_address_index_seq" INCREMENT BY 1 MINVALUE 0 MAXVALUE 2147483647 START WITH 0 CACHE 1;--> statement-breakpoint
CREATE TABLE "collateral_accounts" (
	"application_uuid" uuid PRIMARY KEY NOT NULL,
	"collateral_type" text NOT NULL,
	"derivation_index" bigint,
	"deposit_address" text,
	"wallet_source_type" text DEFAULT 'CUSTODIAL' NOT NULL,
	"borrower_confirmed_at" timestamp with time zone,
	"micro_deposit_opted_in_at" timestamp with time zone,
	"funded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "collateral_accounts_type_known" CHECK (collateral_type IN ('BTC', 'ETH', 'SOL')),
	CONSTRAINT "collateral_accounts_wallet_source_known" CHECK (wallet_source_type IN ('SELF_HOSTED', 'CUSTODIAL')),
	CONSTRAINT "collateral_accounts_address_with_index" CHECK (("collateral_accounts"."deposit_address" IS NULL) = ("collateral_accounts"."derivation_index" IS NULL))
);
--> statement-breakpoint
CREATE TABLE "collateral_deposits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_uuid" uuid NOT NULL,
	"txid" text NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"confirmations" integer NOT NULL,
	"transaction_time" timestamp with time zone NOT NULL,
	"confirmed_at" timestamp with time zone,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "collateral_deposits_amount_positive" CHECK ("collateral_deposits"."amount" > 0),
	CONSTRAINT "collateral_deposits_confirmations_nonnegative" CHECK ("collateral_deposits"."confirmations" >= 0)
);
--> statement-breakpoint
CREATE TABLE "collateral_release_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_uuid" uuid NOT NULL,
	"address" text NOT NULL,
	"result" text NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"requested_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "collateral_release_requests_result_known" CHECK (result IN ('SUCCESS', 'WITHDRAWAL_FAILED', 'NO_COLLATERAL', 'PENDING_TRANSACTIONS', 'DUPLICATE_REQUEST', 'INVALID_ADDRESS'))
);
--> statement-breakpoint
CREATE TABLE "sandbox_chain_transactions" (
	"txid" text PRIMARY KEY NOT NULL,
	"address" text NOT NULL,
	"collateral_type" text NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"confirmations" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "collateral_accounts" ADD CONSTRAINT "collateral_accounts_application_uuid_applications_uuid_fk" FOREIGN KEY ("application_uuid") REFERENCES "public"."applications"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collateral_deposits" ADD CONSTRAINT "collateral_deposits_application_uuid_applications_uuid_fk" FOREIGN KEY ("application_uuid") REFERENCES "public"."applications"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collateral_release_requests" ADD CONSTRAINT "collateral_release_requests_application_uuid_applications_uuid_fk" FOREIGN KEY ("application_uuid") REFERENCES "public"."applications"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "collateral_accounts_type_index_unique" ON "collateral_accounts" USING btree ("collateral_type","derivation_index");--> statement-breakpoint
CREATE UNIQUE INDEX "collateral_accounts_address_unique" ON "collateral_accounts" USING btree ("deposit_address");--> statement-breakpoint
CREATE UNIQUE INDEX "collateral_deposits_application_txid_unique" ON "collateral_deposits" USING btree ("application_uuid","txid");--> statement-breakpoint
CREATE INDEX "collateral_release_requests_application_idx" ON "collateral_release_requests" USING btree ("application_uuid","created_at");--> statement-breakpoint
CREATE INDEX "sandbox_chain_transactions_address_idx" ON "sandbox_chain_transactions" USING btree ("address","created_at");