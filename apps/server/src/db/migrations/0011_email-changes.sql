CREATE TABLE "email_change_undos" (
	"token_digest" text PRIMARY KEY NOT NULL,
	"identity_uuid" uuid NOT NULL,
	"old_email_sealed" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "email_change_undos_expiry_after_creation" CHECK ("email_change_undos"."expires_at" > "email_change_undos"."created_at")
);
--> statement-breakpoint
CREATE TABLE "email_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"identity_uuid" uuid NOT NULL,
	"new_email_digest" text NOT NULL,
	"code_digest" text NOT NULL,
	"wrong_attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "identity_aliases" DROP CONSTRAINT "identity_aliases_value_unique";--> statement-breakpoint
ALTER TABLE "email_change_undos" ADD CONSTRAINT "email_change_undos_identity_uuid_identities_uuid_fk" FOREIGN KEY ("identity_uuid") REFERENCES "public"."identities"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_changes" ADD CONSTRAINT "email_changes_identity_uuid_identities_uuid_fk" FOREIGN KEY ("identity_uuid") REFERENCES "public"."identities"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_change_undos_identity_idx" ON "email_change_undos" USING btree ("identity_uuid");--> statement-breakpoint
CREATE INDEX "email_change_undos_expires_idx" ON "email_change_undos" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "email_changes_identity_idx" ON "email_changes" USING btree ("identity_uuid","created_at");--> statement-breakpoint
CREATE INDEX "email_changes_expires_idx" ON "email_changes" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "identity_aliases_value_idx" ON "identity_aliases" USING btree ("type","value");