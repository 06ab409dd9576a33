CREATE INDEX "identities_email_prefix_idx" ON "identities" USING btree ("email" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "applications_created_uuid_idx" ON "applications" USING btree ("created_at","uuid");--> statement-breakpoint
CREATE INDEX "applications_state_created_uuid_idx" ON "applications" USING btree ("state","created_at","uuid");