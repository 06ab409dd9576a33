-- A new payment is checked against the loan's payments in flight (pending, no transfer yet). They
-- are found among the loan's pending payments, which settle within days: no index names
-- transfer_id, so the debit's posting, which sets it, can be a HOT update (next statement).
-- The previous release's in-flight query finds them through this index the same way.
CREATE INDEX "servicing_payments_pending_loan_idx" ON "servicing_payments" USING btree ("loan_uuid") WHERE status = 'PENDING';--> statement-breakpoint
DROP INDEX "servicing_payments_in_flight_idx";
--> statement-breakpoint
-- The debit's posting sets the payment's transfer_id: with no index naming that column (the
-- in-flight index's predicate did), the update is HOT, the new version on the row's own page and
-- no index written. Pages keep room for it: the payment is posted moments after it is written.
ALTER TABLE "servicing_payments" SET (fillfactor = 80);
--> statement-breakpoint
-- Partner outbox: a change's transaction only writes its copy. Each instance's drainer looks for
-- waiting copies every second and drains a burst in one transaction; a job queued with every copy
-- (the trigger's graphile_worker.add_job, a job row written, fetched and deleted per audit row, and
-- a NOTIFY that serialises commits) is gone. An older release's instances drain with their
-- once-a-minute job meanwhile.
CREATE OR REPLACE FUNCTION "partner_outbox_capture_audit"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "partner_outbox" ("audit_event_id", "entity_type", "entity_id", "from_state", "to_state", "at")
  VALUES (NEW."id", NEW."entity_type", NEW."entity_id", NEW."from_state", NEW."to_state", NEW."at");
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "partner_outbox_capture_statement"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "partner_outbox" ("entity_type", "entity_id", "from_state", "to_state", "at")
  VALUES ('servicing-statement', NEW."uuid"::text, NULL, 'ISSUED', NEW."created_at");
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP FUNCTION "partner_outbox_enqueue_drain"();
--> statement-breakpoint
-- A payment is told to partners when it settles or comes back (partner-event-types.ts); the audit
-- row of a payment written (PENDING) makes no event, so it is not copied: every payment's first
-- transaction wrote a copy the drain then read and threw away.
DROP TRIGGER "audit_events_partner_outbox" ON "audit_events";
--> statement-breakpoint
CREATE TRIGGER "audit_events_partner_outbox" AFTER INSERT ON "audit_events"
  FOR EACH ROW
  WHEN (NEW."entity_type" IN ('application', 'servicing-loan', 'liquidation')
    OR (NEW."entity_type" = 'servicing-payment' AND NEW."to_state" IN ('SETTLED', 'RETURNED', 'REVERSED')))
  EXECUTE FUNCTION "partner_outbox_capture_audit"();
