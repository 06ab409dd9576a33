-- A loan's payments in flight (pending, no transfer yet: written, their debit not yet posted), in
-- cents, read with a snapshot of their own, as ledger_account_balances_now (0047) reads the
-- balances: called once the loan's lock is held, it counts every payment committed before the
-- lock. A payment's write locks the loan, writes the payment and reads these in one statement
-- (payment-record-tx.ts), leaving out the payment it writes. A release running beside this one
-- does not call it.
CREATE FUNCTION "servicing_payments_in_flight_now"(loan uuid, except_payment uuid) RETURNS bigint
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  cents bigint;
BEGIN
  SELECT coalesce(sum(p."amount_cents"), 0) INTO cents FROM "servicing_payments" p
  WHERE p."loan_uuid" = loan AND p."status" = 'PENDING' AND p."transfer_id" IS NULL
    AND p."uuid" IS DISTINCT FROM except_payment;
  RETURN cents;
END;
$$;
