-- A payment is written, then sent to the bank, then posted to the ledger: between the first and
-- the last it is in flight (pending, no transfer). A new payment is checked against the balance
-- less the loan's payments in flight (two sent at once could otherwise both pass and overpay);
-- this finds them by loan in one step, however many payments the loan or the book has.
CREATE INDEX "servicing_payments_in_flight_idx" ON "servicing_payments" USING btree ("loan_uuid") WHERE status = 'PENDING' AND transfer_id IS NULL;
