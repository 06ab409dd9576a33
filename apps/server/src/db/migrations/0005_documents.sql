CREATE TABLE "disclosure_documents" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_uuid" uuid NOT NULL,
	"identity_uuid" uuid NOT NULL,
	"kind" text NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"storage_key" text NOT NULL,
	"sha256" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "document_signatures" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"document_uuid" uuid NOT NULL,
	"identity_uuid" uuid NOT NULL,
	"signed_at" timestamp with time zone NOT NULL,
	"ip_address" text NOT NULL,
	"user_agent" text NOT NULL,
	"document_sha256" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "identity_documents" (
	"uuid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_uuid" uuid NOT NULL,
	"owner_identity_uuid" uuid NOT NULL,
	"document_type" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"sha256" text NOT NULL,
	"storage_key" text NOT NULL,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"review_status" text NOT NULL,
	"review_reason" text,
	"reviewed_at" timestamp with time zone,
	"reviewed_by" text,
	CONSTRAINT "identity_documents_review_status_known" CHECK ("identity_documents"."review_status" IN ('PENDING', 'APPROVED', 'REJECTED')),
	CONSTRAINT "identity_documents_size_positive" CHECK ("identity_documents"."size_bytes" > 0)
);
--> statement-breakpoint
ALTER TABLE "disclosure_documents" ADD CONSTRAINT "disclosure_documents_application_uuid_applications_uuid_fk" FOREIGN KEY ("application_uuid") REFERENCES "public"."applications"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_signatures" ADD CONSTRAINT "document_signatures_document_uuid_disclosure_documents_uuid_fk" FOREIGN KEY ("document_uuid") REFERENCES "public"."disclosure_documents"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_documents" ADD CONSTRAINT "identity_documents_application_uuid_applications_uuid_fk" FOREIGN KEY ("application_uuid") REFERENCES "public"."applications"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "disclosure_documents_application_kind_unique" ON "disclosure_documents" USING btree ("application_uuid","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "disclosure_documents_application_position_unique" ON "disclosure_documents" USING btree ("application_uuid","position");--> statement-breakpoint
CREATE UNIQUE INDEX "disclosure_documents_storage_key_unique" ON "disclosure_documents" USING btree ("storage_key");--> statement-breakpoint
CREATE UNIQUE INDEX "document_signatures_document_unique" ON "document_signatures" USING btree ("document_uuid");--> statement-breakpoint
CREATE UNIQUE INDEX "identity_documents_same_file_unique" ON "identity_documents" USING btree ("application_uuid","document_type","sha256");--> statement-breakpoint
CREATE UNIQUE INDEX "identity_documents_storage_key_unique" ON "identity_documents" USING btree ("storage_key");--> statement-breakpoint
CREATE INDEX "identity_documents_application_idx" ON "identity_documents" USING btree ("application_uuid","uploaded_at");