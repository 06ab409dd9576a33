/**
 * The borrower's servicing calls on one loan (…/servicing/v2/loans/{loanUuid}). The calls that move
 * money or change what is owed are limited per client address to a person's pace, so that a script
 * with a stolen session cannot fire debits by the dozen.
 */
import type { FastifyPluginAsync } from 'fastify';
import {
  getServicingLoan,
  getServicingStatement,
  postServicingDeferral,
  postServicingDeferralPreview,
  postServicingPayment,
  postServicingPayoff,
  postServicingPayoffQuote,
  putServicingAutopay,
} from '@pledge/contract';
import {
  SERVICING_AUTOPAY_CHANGES_PER_IP_PER_MINUTE,
  SERVICING_DEFERRAL_PREVIEWS_PER_IP_PER_MINUTE,
  SERVICING_DEFERRALS_PER_IP_PER_MINUTE,
  SERVICING_PAYMENTS_PER_IP_PER_MINUTE,
  SERVICING_PAYOFF_QUOTES_PER_IP_PER_MINUTE,
  SERVICING_PAYOFFS_PER_IP_PER_MINUTE,
} from '@pledge/domain';
import type { TBankPaymentsPort } from '../../adapters/bank-payments/port.js';
import type { TPricesPort } from '../../adapters/prices/port.js';
import type { TEncryptedStore } from '../../adapters/storage/encrypted.js';
import type { TDb } from '../../db/pool.js';
import { callerUuidOf } from '../../http/auth.js';
import { pdfDownload } from '../../http/pdf-download.js';
import { route } from '../../http/route.js';
import type { TFieldCipher } from '../../security/field-encryption.js';
import type { TClock } from '../../security/jwt.js';
import { actors } from '../../services/applications/apply-transition.js';
import { deferInterest, previewDeferral } from '../../services/servicing/defer-interest.js';
import { getServicingLoan as readServicingLoan } from '../../services/servicing/get-servicing-loan.js';
import { requiredIdempotencyKey } from '../../services/servicing/idempotency-key.js';
import { makePayment } from '../../services/servicing/make-payment.js';
import { payOffLoan, quotePayoff } from '../../services/servicing/pay-off-loan.js';
import { readStatement } from '../../services/servicing/read-statement.js';
import { toPaymentView } from '../../services/servicing/servicing-record.js';
import { setAutopay } from '../../services/servicing/set-autopay.js';

export interface TServicingLoanRouteDeps {
  db: TDb;
  clock: TClock;
  prices: TPricesPort;
  cipher: TFieldCipher;
  store: TEncryptedStore;
  bankPayments: TBankPaymentsPort;
  sandbox: boolean;
}

const perMinute = (max: number) => ({ rateLimit: { max, timeWindow: '1 minute' } });

export const servicingLoanRoutes: FastifyPluginAsync<TServicingLoanRouteDeps> = async (
  app,
  deps,
) => {
  route(app, getServicingLoan, ({ params, request }) =>
    readServicingLoan(deps, { identityUuid: callerUuidOf(request), loanUuid: params.loanUuid }),
  );
  route(app, getServicingStatement, async ({ params, request, reply }) => {
    const statement = await readStatement(deps, {
      identityUuid: callerUuidOf(request),
      loanUuid: params.loanUuid,
      statementUuid: params.statementUuid,
    });
    return pdfDownload(reply, statement);
  });
  route(
    app,
    postServicingPayment,
    async ({ params, body, request }) => {
      const identityUuid = callerUuidOf(request);
      const idempotencyKey = requiredIdempotencyKey(request);
      const payment = await makePayment(deps, {
        loanUuid: params.loanUuid,
        identityUuid,
        amountCents: body.amountCents,
        method: 'ACH',
        purpose: 'PAYMENT',
        idempotencyKey,
        actor: actors.borrower(identityUuid),
      });
      return toPaymentView(payment);
    },
    perMinute(SERVICING_PAYMENTS_PER_IP_PER_MINUTE),
  );
  route(
    app,
    putServicingAutopay,
    ({ params, body, request }) => {
      const identityUuid = callerUuidOf(request);
      return setAutopay(deps, {
        identityUuid,
        loanUuid: params.loanUuid,
        enabled: body.enabled,
        actor: actors.borrower(identityUuid),
      });
    },
    perMinute(SERVICING_AUTOPAY_CHANGES_PER_IP_PER_MINUTE),
  );
  route(
    app,
    postServicingDeferralPreview,
    ({ params, request }) =>
      previewDeferral(deps, { identityUuid: callerUuidOf(request), loanUuid: params.loanUuid }),
    perMinute(SERVICING_DEFERRAL_PREVIEWS_PER_IP_PER_MINUTE),
  );
  route(
    app,
    postServicingDeferral,
    ({ params, request }) => {
      const identityUuid = callerUuidOf(request);
      const idempotencyKey = requiredIdempotencyKey(request);
      return deferInterest(deps, {
        identityUuid,
        loanUuid: params.loanUuid,
        idempotencyKey,
        actor: actors.borrower(identityUuid),
      });
    },
    perMinute(SERVICING_DEFERRALS_PER_IP_PER_MINUTE),
  );
  route(
    app,
    postServicingPayoffQuote,
    ({ params, request }) =>
      quotePayoff(deps, { identityUuid: callerUuidOf(request), loanUuid: params.loanUuid }),
    perMinute(SERVICING_PAYOFF_QUOTES_PER_IP_PER_MINUTE),
  );
  route(
    app,
    postServicingPayoff,
    ({ params, body, request }) => {
      const identityUuid = callerUuidOf(request);
      const idempotencyKey = requiredIdempotencyKey(request);
      return payOffLoan(deps, {
        identityUuid,
        loanUuid: params.loanUuid,
        quoteUuid: body.quoteUuid,
        idempotencyKey,
        actor: actors.borrower(identityUuid),
      });
    },
    perMinute(SERVICING_PAYOFFS_PER_IP_PER_MINUTE),
  );
};
