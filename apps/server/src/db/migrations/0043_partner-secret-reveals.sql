CREATE TABLE "partner_secret_reveals" (
	"proposal_id" uuid PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"target_id" text NOT NULL,
	"secret_sealed" text,
	"revealed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ops_proposals" DROP CONSTRAINT "ops_proposals_kind_known";--> statement-breakpoint
ALTER TABLE "ops_proposals" ADD CONSTRAINT "ops_proposals_kind_known" CHECK ("ops_proposals"."kind" IN ('RELEASE_FUNDS', 'RECORD_PAYOFF', 'RECORD_WIRE', 'REVERSE_PAYMENT', 'LIQUIDATION_FILL', 'SURPLUS_PAYOUT', 'TAPE_IMPORT', 'TAPE_REASSIGN', 'ESTATE_PAYOFF', 'REFI_COIN_RETURN', 'DEACTIVATE_AGENT', 'PUBLISH_BRAND', 'CREATE_WEBHOOK_ENDPOINT', 'CREATE_PARTNER_API_KEY'));