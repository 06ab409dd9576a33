-- Arrears that age (issue 33). Expand-only: a new table, two statement columns (defaulted and
-- nullable; the release before this one never reads them) and an index. Statements written before
-- keep past_due_cents 0: their amount due holds any arrears with the statement's own due date, as
-- that release wrote it, and the loan view reads arrears from the ledger, not from them.
CREATE TABLE "servicing_sweep_marks" (
	"step" text PRIMARY KEY NOT NULL,
	"through_day" date NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "servicing_statements" ADD COLUMN "past_due_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "servicing_statements" ADD COLUMN "past_due_since" date;--> statement-breakpoint
CREATE INDEX "servicing_statements_due_idx" ON "servicing_statements" USING btree ("due_date");