CREATE TABLE "bank_link_errors" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"identity_uuid" uuid NOT NULL,
	"application_uuid" uuid,
	"error_type" text,
	"error_code" text,
	"error_message" text,
	"display_message" text,
	"institution_id" text,
	"institution_name" text,
	"exit_status" text,
	"link_session_id" text,
	"request_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bank_link_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"identity_uuid" uuid NOT NULL,
	"application_uuid" uuid NOT NULL,
	"provider_item_id" text NOT NULL,
	"access_token_sealed" text NOT NULL,
	"institution_id" text NOT NULL,
	"institution_name" text NOT NULL,
	"status" text NOT NULL,
	"accounts" jsonb NOT NULL,
	"link_session_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "disbursement_accounts" (
	"application_uuid" uuid PRIMARY KEY NOT NULL,
	"method" text NOT NULL,
	"account_type" text,
	"routing_number" text,
	"account_number_sealed" text,
	"account_number_blind_index" text,
	"account_number_mask" text,
	"account_holder_name_sealed" text,
	"bank_link_item_id" uuid,
	"linked_account_id" text,
	"wallet_address" text,
	"chain" text,
	"submission_digest" text NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "usdc_test_transfers" (
	"application_uuid" uuid PRIMARY KEY NOT NULL,
	"wallet_address" text NOT NULL,
	"chain" text,
	"amount_usdc" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"confirmed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "bank_link_errors" ADD CONSTRAINT "bank_link_errors_application_uuid_applications_uuid_fk" FOREIGN KEY ("application_uuid") REFERENCES "public"."applications"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_link_items" ADD CONSTRAINT "bank_link_items_application_uuid_applications_uuid_fk" FOREIGN KEY ("application_uuid") REFERENCES "public"."applications"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disbursement_accounts" ADD CONSTRAINT "disbursement_accounts_application_uuid_applications_uuid_fk" FOREIGN KEY ("application_uuid") REFERENCES "public"."applications"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disbursement_accounts" ADD CONSTRAINT "disbursement_accounts_bank_link_item_id_bank_link_items_id_fk" FOREIGN KEY ("bank_link_item_id") REFERENCES "public"."bank_link_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usdc_test_transfers" ADD CONSTRAINT "usdc_test_transfers_application_uuid_applications_uuid_fk" FOREIGN KEY ("application_uuid") REFERENCES "public"."applications"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bank_link_errors_identity_idx" ON "bank_link_errors" USING btree ("identity_uuid","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_link_items_identity_item_unique" ON "bank_link_items" USING btree ("identity_uuid","provider_item_id");--> statement-breakpoint
CREATE INDEX "bank_link_items_application_idx" ON "bank_link_items" USING btree ("application_uuid","created_at");