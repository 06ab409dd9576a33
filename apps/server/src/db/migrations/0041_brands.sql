CREATE TABLE "brand_assets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_code" text NOT NULL,
	"kind" text NOT NULL,
	"content_type" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"sha256" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "brand_assets_kind_known" CHECK ("brand_assets"."kind" IN ('LOGO', 'FAVICON'))
);
--> statement-breakpoint
CREATE TABLE "brand_hosts" (
	"host" text PRIMARY KEY NOT NULL,
	"org_code" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "brand_versions" (
	"org_code" text NOT NULL,
	"version" integer NOT NULL,
	"status" text NOT NULL,
	"definition" jsonb NOT NULL,
	"based_on" integer,
	"created_by" uuid,
	"created_by_email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"proposal_id" uuid,
	"proposed_by_email" text,
	"approved_by" uuid,
	"approved_by_email" text,
	"published_at" timestamp with time zone,
	CONSTRAINT "brand_versions_org_code_version_pk" PRIMARY KEY("org_code","version"),
	CONSTRAINT "brand_versions_status_known" CHECK ("brand_versions"."status" IN ('DRAFT', 'PUBLISHED')),
	CONSTRAINT "brand_versions_version_positive" CHECK ("brand_versions"."version" > 0)
);
--> statement-breakpoint
CREATE TABLE "brands" (
	"org_code" text PRIMARY KEY NOT NULL,
	"published_version" integer,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	CONSTRAINT "brands_org_code_shape" CHECK ("brands"."org_code" ~ '^[a-z0-9][a-z0-9-]{0,62}$')
);
--> statement-breakpoint
ALTER TABLE "ops_proposals" DROP CONSTRAINT "ops_proposals_kind_known";--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "brand_version" integer;--> statement-breakpoint
ALTER TABLE "disclosure_documents" ADD COLUMN "brand_version" integer;--> statement-breakpoint
ALTER TABLE "brand_assets" ADD CONSTRAINT "brand_assets_org_code_brands_org_code_fk" FOREIGN KEY ("org_code") REFERENCES "public"."brands"("org_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brand_hosts" ADD CONSTRAINT "brand_hosts_org_code_brands_org_code_fk" FOREIGN KEY ("org_code") REFERENCES "public"."brands"("org_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brand_versions" ADD CONSTRAINT "brand_versions_org_code_brands_org_code_fk" FOREIGN KEY ("org_code") REFERENCES "public"."brands"("org_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "brand_assets_org_sha_unique" ON "brand_assets" USING btree ("org_code","kind","sha256");--> statement-breakpoint
CREATE INDEX "brand_hosts_org_code_idx" ON "brand_hosts" USING btree ("org_code");--> statement-breakpoint
CREATE UNIQUE INDEX "brand_versions_one_draft_unique" ON "brand_versions" USING btree ("org_code") WHERE "brand_versions"."status" = 'DRAFT';--> statement-breakpoint
ALTER TABLE "ops_proposals" ADD CONSTRAINT "ops_proposals_kind_known" CHECK ("ops_proposals"."kind" IN ('RELEASE_FUNDS', 'RECORD_PAYOFF', 'RECORD_WIRE', 'REVERSE_PAYMENT', 'LIQUIDATION_FILL', 'SURPLUS_PAYOUT', 'TAPE_IMPORT', 'TAPE_REASSIGN', 'ESTATE_PAYOFF', 'REFI_COIN_RETURN', 'DEACTIVATE_AGENT', 'PUBLISH_BRAND'));