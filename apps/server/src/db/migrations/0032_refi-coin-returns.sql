CREATE TABLE "refi_coin_returns" (
	"application_uuid" uuid PRIMARY KEY NOT NULL,
	"identity_uuid" uuid NOT NULL,
	"collateral_type" text NOT NULL,
	"status" text DEFAULT 'AWAITING_ADDRESS' NOT NULL,
	"return_address" text,
	"requested_at" timestamp with time zone,
	"returned_quantity" numeric(38, 18),
	"transaction_hash" text,
	"returned_at" timestamp with time zone,
	"returned_by_email" text,
	"carried_to_application_uuid" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "refi_coin_returns_status_known" CHECK ("refi_coin_returns"."status" IN ('AWAITING_ADDRESS', 'REQUESTED', 'RETURNED', 'CARRIED_OVER')),
	CONSTRAINT "refi_coin_returns_requested_address" CHECK (("refi_coin_returns"."status" IN ('REQUESTED', 'RETURNED')) = ("refi_coin_returns"."return_address" IS NOT NULL)),
	CONSTRAINT "refi_coin_returns_returned_complete" CHECK (("refi_coin_returns"."status" = 'RETURNED') = ("refi_coin_returns"."returned_at" IS NOT NULL AND "refi_coin_returns"."transaction_hash" IS NOT NULL)),
	CONSTRAINT "refi_coin_returns_carried_to" CHECK (("refi_coin_returns"."status" = 'CARRIED_OVER') = ("refi_coin_returns"."carried_to_application_uuid" IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "ops_proposals" DROP CONSTRAINT "ops_proposals_kind_known";--> statement-breakpoint
ALTER TABLE "refi_coin_returns" ADD CONSTRAINT "refi_coin_returns_application_uuid_applications_uuid_fk" FOREIGN KEY ("application_uuid") REFERENCES "public"."applications"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refi_coin_returns" ADD CONSTRAINT "refi_coin_returns_carried_to_application_uuid_applications_uuid_fk" FOREIGN KEY ("carried_to_application_uuid") REFERENCES "public"."applications"("uuid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "refi_coin_returns_created_idx" ON "refi_coin_returns" USING btree ("created_at","application_uuid");--> statement-breakpoint
CREATE INDEX "refi_coin_returns_status_created_idx" ON "refi_coin_returns" USING btree ("status","created_at","application_uuid");--> statement-breakpoint
ALTER TABLE "ops_proposals" ADD CONSTRAINT "ops_proposals_kind_known" CHECK ("ops_proposals"."kind" IN ('RELEASE_FUNDS', 'RECORD_PAYOFF', 'RECORD_WIRE', 'REVERSE_PAYMENT', 'LIQUIDATION_FILL', 'SURPLUS_PAYOUT', 'TAPE_IMPORT', 'TAPE_REASSIGN', 'ESTATE_PAYOFF', 'REFI_COIN_RETURN', 'DEACTIVATE_AGENT'));