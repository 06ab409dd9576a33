-- A signing first reads the caller's documents of the application with their signatures, voided
-- ones included (a document signed already is answered with its signature): the disclosure
-- documents' indexes by application hold only the current ones, so that read scanned the table.
CREATE INDEX "disclosure_documents_application_idx" ON "disclosure_documents" USING btree ("application_uuid");
