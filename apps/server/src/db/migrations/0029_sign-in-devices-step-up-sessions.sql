CREATE TABLE "step_up_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"identity_uuid" uuid NOT NULL,
	"code_digest" text NOT NULL,
	"wrong_attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "otp_challenges" ADD COLUMN "device_digest" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "device_label" text;--> statement-breakpoint
ALTER TABLE "step_up_codes" ADD CONSTRAINT "step_up_codes_identity_uuid_identities_uuid_fk" FOREIGN KEY ("identity_uuid") REFERENCES "public"."identities"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "step_up_codes_identity_idx" ON "step_up_codes" USING btree ("identity_uuid","created_at");--> statement-breakpoint
CREATE INDEX "step_up_codes_expires_idx" ON "step_up_codes" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "otp_challenges_device_idx" ON "otp_challenges" USING btree ("audience","email_digest","device_digest","created_at");--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_device_label_bounded" CHECK ("sessions"."device_label" IS NULL OR length("sessions"."device_label") <= 64);--> statement-breakpoint
-- Codes sent before this release have no device: they stay usable from any device until they
-- expire (at most OTP_CODE_TTL_MS), so no sign-in under way during the deploy breaks. Sessions
-- begun before it have no device label and are listed as an unnamed device.
SELECT 1;
