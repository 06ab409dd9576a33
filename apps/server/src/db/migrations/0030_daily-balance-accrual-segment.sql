ALTER TABLE "servicing_loans" ADD COLUMN "segment_period_number" integer;--> statement-breakpoint
ALTER TABLE "servicing_loans" ADD COLUMN "segment_start" date;--> statement-breakpoint
ALTER TABLE "servicing_loans" ADD COLUMN "segment_base_cents" bigint;--> statement-breakpoint
ALTER TABLE "servicing_loans" ADD COLUMN "segment_accrued_cents" bigint;--> statement-breakpoint
-- Daily accrual on the day's balance (issue 33). Expand-only: the four columns are nullable and the
-- release before this one never reads them. Every existing loan's segment is its period's own
-- (the period's start, its opening balance, nothing accrued before), so it accrues exactly as
-- before until its interest-bearing balance next changes.
UPDATE "servicing_loans" SET
  "segment_period_number" = "period_number",
  "segment_start" = "period_start",
  "segment_base_cents" = "period_base_cents",
  "segment_accrued_cents" = 0;
--> statement-breakpoint
-- 30/360 days of `upto` into a period, as the domain's accrualDays counts them: 30 from the cycle
-- date on, before it the bond-basis days from the period's start within 0..29.
CREATE OR REPLACE FUNCTION "servicing_accrual_days"(period_start date, period_end date, upto date)
RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE
    WHEN upto >= period_end THEN 30
    ELSE least(29, greatest(0,
      360 * (extract(year FROM upto) - extract(year FROM period_start))
      + 30 * (extract(month FROM upto) - extract(month FROM period_start))
      + least(extract(day FROM upto), 30) - least(extract(day FROM period_start), 30)))::integer
  END
$$;
--> statement-breakpoint
-- THE rounding of interest, as the domain's periodInterestToDateCents: a balance's interest for
-- `days` 30/360 days, half-up to the cent (numeric round is half away from zero).
CREATE OR REPLACE FUNCTION "servicing_interest_cents"(base_cents bigint, rate_bps integer, days integer)
RETURNS bigint LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT round(base_cents::numeric * rate_bps * days / 3600000)::bigint
$$;
--> statement-breakpoint
-- Kept from 0017: interest_bearing_cents is the sum of the loan's interest-bearing entries. Now the
-- same entry also closes the running segment: the interest of the old balance from the segment's
-- start to the day the balance changes is added to segment_accrued_cents (rounded once, half-up),
-- and the new balance runs from that day. The day is the entry's effective day, but never before
-- the segment's start nor before the day interest is in the ledger through (a change dated back
-- takes effect from the day accrued, so no accrual already in the ledger is undone), and never
-- after the period's cycle date. Being the trigger, it closes the segment for every posting of any
-- release (payment, wire, liquidation, deferral, reversal, renewal close) in its own transaction.
-- A reversal (a returned debit, a wire reversed) is as if the payment had not been made: what it
-- restores also bears the interest of the days from the reversed payment's day to the reversal's,
-- within the running period (a paid-off loan stays in the period of its payoff, so a returned
-- payoff is charged every day since), as one more stretch rounded once: the journal's legs are
-- appended by one statement and this trigger runs after it, so the first interest-bearing leg of
-- the reversal finds them all and charges their sum.
CREATE OR REPLACE FUNCTION "servicing_loans_keep_interest_bearing"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  s "servicing_loans"%ROWTYPE;
  seg_start date;
  seg_base bigint;
  seg_accrued bigint;
  close_on date;
  reversed_on date;
  restored bigint;
BEGIN
  IF NEW."account" IN ('PRINCIPAL', 'ORIGINATION_FEE', 'DEFERRED_INTEREST') THEN
    SELECT * INTO s FROM "servicing_loans" WHERE "loan_uuid" = NEW."loan_uuid" FOR UPDATE;
    IF NOT FOUND THEN
      RETURN NULL;
    END IF;
    IF s."segment_period_number" IS NOT NULL AND s."segment_period_number" = s."period_number" THEN
      seg_start := s."segment_start";
      seg_base := s."segment_base_cents";
      seg_accrued := s."segment_accrued_cents";
    ELSE
      seg_start := s."period_start";
      seg_base := s."period_base_cents";
      seg_accrued := 0;
    END IF;
    close_on := least(s."period_end", greatest(NEW."effective_on", seg_start, s."accrued_through"));
    seg_accrued := seg_accrued + "servicing_interest_cents"(seg_base, s."interest_rate_bps",
      greatest("servicing_accrual_days"(s."period_start", s."period_end", close_on)
        - "servicing_accrual_days"(s."period_start", s."period_end", seg_start), 0));
    IF NEW."reverses_journal_uuid" IS NOT NULL AND NEW."id" = (
      SELECT min(e."id") FROM "ledger_entries" e WHERE e."journal_uuid" = NEW."journal_uuid"
        AND e."account" IN ('PRINCIPAL', 'ORIGINATION_FEE', 'DEFERRED_INTEREST')) THEN
      SELECT sum(e."amount_cents") INTO restored FROM "ledger_entries" e
      WHERE e."journal_uuid" = NEW."journal_uuid"
        AND e."account" IN ('PRINCIPAL', 'ORIGINATION_FEE', 'DEFERRED_INTEREST');
      SELECT min(e."effective_on") INTO reversed_on FROM "ledger_entries" e
      WHERE e."journal_uuid" = NEW."reverses_journal_uuid";
      IF restored > 0 AND reversed_on IS NOT NULL AND reversed_on < close_on THEN
        seg_accrued := seg_accrued + "servicing_interest_cents"(restored, s."interest_rate_bps",
          greatest("servicing_accrual_days"(s."period_start", s."period_end", close_on)
            - "servicing_accrual_days"(s."period_start", s."period_end", greatest(reversed_on, s."period_start")), 0));
      END IF;
    END IF;
    UPDATE "servicing_loans" SET
      "interest_bearing_cents" = "interest_bearing_cents" + NEW."amount_cents",
      "segment_period_number" = s."period_number",
      "segment_start" = close_on,
      "segment_base_cents" = s."interest_bearing_cents" + NEW."amount_cents",
      "segment_accrued_cents" = seg_accrued
    WHERE "loan_uuid" = NEW."loan_uuid";
  END IF;
  RETURN NULL;
END;
$$;
