-- A loan's payments had two indexes led by loan_uuid: (loan_uuid, idempotency_key), unique, and
-- (loan_uuid, created_at). A payment's look-up of its key was planned on the second whenever the
-- statistics gave a loan few payments, and stepped over all of the loan's payments (its cost grew
-- with each payment under load). The unique index serves both: a key in one step, and a loan's
-- payments (a few hundred at most, one a month), sorted in memory when they are listed. It is also
-- one index fewer to write with each payment.
DROP INDEX "servicing_payments_loan_idx";
