CREATE TABLE "agents" (
	"email" text PRIMARY KEY NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agents_email_lower" CHECK ("agents"."email" = lower("agents"."email"))
);
--> statement-breakpoint
CREATE TABLE "identities" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"organization_code" text NOT NULL,
	"is_manageable" boolean DEFAULT true NOT NULL,
	"active_legacy_customer_orgs" text[] DEFAULT '{}'::text[] NOT NULL,
	"wallet_account_address" text,
	"wallet_group_policy_address" text,
	"password_hash" text,
	"password_expires_at" timestamp with time zone,
	"totp_secret_sealed" text,
	"two_factor_enabled" boolean DEFAULT false NOT NULL,
	"totp_verified" boolean DEFAULT false NOT NULL,
	"totp_last_step" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "identities_email_unique" UNIQUE("email"),
	CONSTRAINT "identities_email_lower" CHECK ("identities"."email" = lower("identities"."email")),
	CONSTRAINT "identities_two_factor_has_secret" CHECK (NOT "identities"."two_factor_enabled" OR "identities"."totp_secret_sealed" IS NOT NULL)
);
--> statement-breakpoint
CREATE TABLE "identity_aliases" (
	"identity_uuid" uuid NOT NULL,
	"type" text NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "identity_aliases_pk" PRIMARY KEY("identity_uuid","type"),
	CONSTRAINT "identity_aliases_value_unique" UNIQUE("type","value"),
	CONSTRAINT "identity_aliases_not_email" CHECK ("identity_aliases"."type" <> 'Email')
);
--> statement-breakpoint
CREATE TABLE "otp_challenges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"audience" text NOT NULL,
	"email_digest" text NOT NULL,
	"code_digest" text NOT NULL,
	"wrong_attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "rate_limit_hits" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"bucket" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sign_in_requests" (
	"audience" text NOT NULL,
	"nonce" text NOT NULL,
	"redirect_url" text NOT NULL,
	"telemetry_tracking_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sign_in_requests_pk" PRIMARY KEY("audience","nonce")
);
--> statement-breakpoint
CREATE TABLE "token_revocations" (
	"jti" uuid PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"body_text" text NOT NULL,
	"status" text NOT NULL,
	"provider_message_id" text,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "outbox_status_known" CHECK ("outbox"."status" IN ('stored', 'sent', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "identity_aliases" ADD CONSTRAINT "identity_aliases_identity_uuid_identities_uuid_fk" FOREIGN KEY ("identity_uuid") REFERENCES "public"."identities"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "otp_challenges_lookup_idx" ON "otp_challenges" USING btree ("audience","email_digest","created_at");--> statement-breakpoint
CREATE INDEX "otp_challenges_expires_idx" ON "otp_challenges" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "rate_limit_hits_bucket_idx" ON "rate_limit_hits" USING btree ("bucket","at");--> statement-breakpoint
CREATE INDEX "rate_limit_hits_expires_idx" ON "rate_limit_hits" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "sign_in_requests_expires_idx" ON "sign_in_requests" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "token_revocations_expires_idx" ON "token_revocations" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "outbox_to_idx" ON "outbox" USING btree ("to_address","created_at");