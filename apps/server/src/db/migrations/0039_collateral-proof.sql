-- The collateral proof (per loan): movements out of deposit addresses, the watcher's last confirmed
-- balance per address with its block height and read time, public proof links (only the hash of
-- their token), and the sandbox chain's withdrawals. Expand-only: four new tables the previous
-- release never reads.
CREATE TABLE "collateral_address_balances" (
	"address" text PRIMARY KEY NOT NULL,
	"application_uuid" uuid NOT NULL,
	"collateral_type" text NOT NULL,
	"confirmed_balance" numeric(38, 18) NOT NULL,
	"balance_height" bigint NOT NULL,
	"tip_height" bigint NOT NULL,
	"read_at" timestamp with time zone NOT NULL,
	"expected_coins" numeric(38, 18),
	"is_short" boolean DEFAULT false NOT NULL,
	"short_since" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "collateral_address_balances_type_known" CHECK ("collateral_address_balances"."collateral_type" IN ('BTC', 'ETH', 'SOL')),
	CONSTRAINT "collateral_address_balances_nonnegative" CHECK ("collateral_address_balances"."confirmed_balance" >= 0),
	CONSTRAINT "collateral_address_balances_heights" CHECK ("collateral_address_balances"."balance_height" <= "collateral_address_balances"."tip_height")
);
--> statement-breakpoint
CREATE TABLE "collateral_proof_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_uuid" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "collateral_proof_links_token_hash_shape" CHECK ("collateral_proof_links"."token_hash" ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
CREATE TABLE "collateral_withdrawals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_uuid" uuid NOT NULL,
	"txid" text NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"confirmations" integer NOT NULL,
	"transaction_time" timestamp with time zone NOT NULL,
	"confirmed_at" timestamp with time zone,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "collateral_withdrawals_amount_positive" CHECK ("collateral_withdrawals"."amount" > 0),
	CONSTRAINT "collateral_withdrawals_confirmations_nonnegative" CHECK ("collateral_withdrawals"."confirmations" >= 0),
	CONSTRAINT "collateral_withdrawals_txid_length" CHECK (char_length("collateral_withdrawals"."txid") <= 128)
);
--> statement-breakpoint
CREATE TABLE "sandbox_chain_withdrawals" (
	"txid" text PRIMARY KEY NOT NULL,
	"address" text NOT NULL,
	"collateral_type" text NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"confirmations" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_chain_withdrawals_amount_positive" CHECK ("sandbox_chain_withdrawals"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "collateral_address_balances" ADD CONSTRAINT "collateral_address_balances_application_uuid_applications_uuid_fk" FOREIGN KEY ("application_uuid") REFERENCES "public"."applications"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collateral_proof_links" ADD CONSTRAINT "collateral_proof_links_application_uuid_applications_uuid_fk" FOREIGN KEY ("application_uuid") REFERENCES "public"."applications"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collateral_withdrawals" ADD CONSTRAINT "collateral_withdrawals_application_uuid_applications_uuid_fk" FOREIGN KEY ("application_uuid") REFERENCES "public"."applications"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "collateral_address_balances_application_idx" ON "collateral_address_balances" USING btree ("application_uuid");--> statement-breakpoint
CREATE INDEX "collateral_address_balances_short_idx" ON "collateral_address_balances" USING btree ("short_since") WHERE "collateral_address_balances"."is_short";--> statement-breakpoint
CREATE INDEX "collateral_address_balances_holding_idx" ON "collateral_address_balances" USING btree ("application_uuid") WHERE "collateral_address_balances"."confirmed_balance" > 0;--> statement-breakpoint
CREATE UNIQUE INDEX "collateral_proof_links_token_hash_unique" ON "collateral_proof_links" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "collateral_proof_links_one_active_unique" ON "collateral_proof_links" USING btree ("application_uuid") WHERE "collateral_proof_links"."revoked_at" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "collateral_withdrawals_application_txid_unique" ON "collateral_withdrawals" USING btree ("application_uuid","txid");--> statement-breakpoint
CREATE INDEX "sandbox_chain_withdrawals_address_idx" ON "sandbox_chain_withdrawals" USING btree ("address","created_at");