CREATE TABLE "ledger_account_balances" (
	"loan_uuid" uuid NOT NULL,
	"account" text NOT NULL,
	"cents" bigint NOT NULL,
	"paid_in_cents" bigint NOT NULL,
	CONSTRAINT "ledger_account_balances_loan_uuid_account_pk" PRIMARY KEY("loan_uuid","account")
);
--> statement-breakpoint
-- A loan's balance per account is the sum of its entries; kept here so that reading it costs one
-- row however long the loan's history (a payment read the sums of every entry three times).
-- Filled from the ledger once, then kept by a trigger in the statement that appends entries (the
-- ledger is append-only: a correction is a reversing journal).
INSERT INTO "ledger_account_balances" ("loan_uuid", "account", "cents", "paid_in_cents")
SELECT "loan_uuid", "account", sum("amount_cents"),
  coalesce(sum("amount_cents") FILTER (WHERE "kind" <> 'SURPLUS_PAYOUT'), 0)
FROM "ledger_entries" GROUP BY "loan_uuid", "account";
--> statement-breakpoint
CREATE FUNCTION "ledger_account_balances_keep"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- In key order, so that two statements adding to the same balances lock them in one order.
  INSERT INTO "ledger_account_balances" AS b ("loan_uuid", "account", "cents", "paid_in_cents")
  SELECT "loan_uuid", "account", sum("amount_cents"),
    coalesce(sum("amount_cents") FILTER (WHERE "kind" <> 'SURPLUS_PAYOUT'), 0)
  FROM "appended" GROUP BY "loan_uuid", "account" ORDER BY "loan_uuid", "account"
  ON CONFLICT ("loan_uuid", "account") DO UPDATE
    SET "cents" = b."cents" + EXCLUDED."cents",
        "paid_in_cents" = b."paid_in_cents" + EXCLUDED."paid_in_cents";
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "ledger_entries_account_balances" AFTER INSERT ON "ledger_entries"
REFERENCING NEW TABLE AS "appended"
FOR EACH STATEMENT EXECUTE FUNCTION "ledger_account_balances_keep"();
