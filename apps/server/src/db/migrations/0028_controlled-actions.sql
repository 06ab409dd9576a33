ALTER TABLE "ops_proposals" DROP CONSTRAINT "ops_proposals_kind_known";--> statement-breakpoint
ALTER TABLE "ops_proposals" ALTER COLUMN "application_uuid" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "ops_proposals" ADD COLUMN "subject_type" text;--> statement-breakpoint
ALTER TABLE "ops_proposals" ADD COLUMN "subject_id" text;--> statement-breakpoint
ALTER TABLE "ops_proposals" ADD COLUMN "loan_uuid" uuid;--> statement-breakpoint
ALTER TABLE "ops_proposals" ADD COLUMN "payload" jsonb;--> statement-breakpoint
ALTER TABLE "ops_proposals" ADD COLUMN "amount_cents" bigint;--> statement-breakpoint
ALTER TABLE "ops_proposals" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "ops_proposals" ADD COLUMN "outcome" text;--> statement-breakpoint
CREATE UNIQUE INDEX "ops_proposals_maker_key_unique" ON "ops_proposals" USING btree ("proposed_by","kind","idempotency_key") WHERE "ops_proposals"."idempotency_key" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "ops_proposals_pending_idx" ON "ops_proposals" USING btree ("proposed_at") WHERE "ops_proposals"."status" = 'PENDING';--> statement-breakpoint
ALTER TABLE "ops_proposals" ADD CONSTRAINT "ops_proposals_subject" CHECK ("ops_proposals"."application_uuid" IS NOT NULL OR ("ops_proposals"."subject_type" IS NOT NULL AND "ops_proposals"."subject_id" IS NOT NULL));--> statement-breakpoint
ALTER TABLE "ops_proposals" ADD CONSTRAINT "ops_proposals_kind_known" CHECK ("ops_proposals"."kind" IN ('RELEASE_FUNDS', 'RECORD_PAYOFF', 'RECORD_WIRE', 'REVERSE_PAYMENT', 'LIQUIDATION_FILL', 'SURPLUS_PAYOUT', 'TAPE_IMPORT', 'TAPE_REASSIGN', 'ESTATE_PAYOFF', 'DEACTIVATE_AGENT'));