CREATE TABLE "holder_name_reviews" (
	"application_uuid" uuid NOT NULL,
	"disbursement_version" integer NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"decided_by" uuid,
	"decided_by_email" text,
	"decided_at" timestamp with time zone,
	"decision_reason" text,
	CONSTRAINT "holder_name_reviews_pk" PRIMARY KEY("application_uuid","disbursement_version"),
	CONSTRAINT "holder_name_reviews_status_known" CHECK ("holder_name_reviews"."status" IN ('PENDING', 'APPROVED', 'REJECTED'))
);
--> statement-breakpoint
CREATE TABLE "ops_proposals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_uuid" uuid NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"proposed_by" uuid NOT NULL,
	"proposed_by_email" text NOT NULL,
	"proposed_at" timestamp with time zone NOT NULL,
	"reference" text NOT NULL,
	"note" text,
	"payoff_method" text,
	"payoff_amount_cents" bigint,
	"paid_on" date,
	"decided_by" uuid,
	"decided_by_email" text,
	"decided_at" timestamp with time zone,
	"decision_reason" text,
	CONSTRAINT "ops_proposals_kind_known" CHECK ("ops_proposals"."kind" IN ('RELEASE_FUNDS', 'RECORD_PAYOFF')),
	CONSTRAINT "ops_proposals_status_known" CHECK ("ops_proposals"."status" IN ('PENDING', 'APPROVED', 'REJECTED', 'WITHDRAWN')),
	CONSTRAINT "ops_proposals_payoff_evidence" CHECK ("ops_proposals"."kind" <> 'RECORD_PAYOFF' OR ("ops_proposals"."payoff_method" IS NOT NULL AND "ops_proposals"."payoff_amount_cents" > 0 AND "ops_proposals"."paid_on" IS NOT NULL)),
	CONSTRAINT "ops_proposals_decided" CHECK (("ops_proposals"."status" = 'PENDING') = ("ops_proposals"."decided_by" IS NULL)),
	CONSTRAINT "ops_proposals_four_eyes" CHECK ("ops_proposals"."status" <> 'APPROVED' OR "ops_proposals"."decided_by" <> "ops_proposals"."proposed_by")
);
--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "deactivated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "deactivated_by" text;--> statement-breakpoint
ALTER TABLE "holder_name_reviews" ADD CONSTRAINT "holder_name_reviews_application_uuid_applications_uuid_fk" FOREIGN KEY ("application_uuid") REFERENCES "public"."applications"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ops_proposals" ADD CONSTRAINT "ops_proposals_application_uuid_applications_uuid_fk" FOREIGN KEY ("application_uuid") REFERENCES "public"."applications"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ops_proposals_one_pending_unique" ON "ops_proposals" USING btree ("application_uuid","kind") WHERE "ops_proposals"."status" = 'PENDING';--> statement-breakpoint
CREATE INDEX "ops_proposals_application_idx" ON "ops_proposals" USING btree ("application_uuid","proposed_at");