-- A loan's ledger balances read with a snapshot of their own. A statement that locks a loan and
-- reads its balances sees them as of the statement's start, which may predate the lock (it can
-- wait for it, or take it just after a posting committed); called once the lock is held, this
-- function (VOLATILE: a snapshot per call) sees every posting committed before the lock, as a
-- statement of its own following the lock would. The payment's posting locks the loan, reads its
-- ledger and posts in one statement with it (payment-apply-tx.ts). A release running beside this
-- one does not call it.
CREATE FUNCTION "ledger_account_balances_now"(loan uuid)
RETURNS TABLE ("account" text, "cents" bigint, "paid_in_cents" bigint)
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  RETURN QUERY SELECT b."account", b."cents", b."paid_in_cents"
    FROM "ledger_account_balances" b WHERE b."loan_uuid" = loan;
END;
$$;
