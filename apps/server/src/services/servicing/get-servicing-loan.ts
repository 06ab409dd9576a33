/**
 * The servicing view of a loan (GET …/servicing/v2/loans/{loanUuid}): balances as sums of the
 * ledger, next payment, the 12-month schedule, payments, statements, autopay, LTV and maturity.
 * What is due (the schedule's statuses, the next payment, arrears) is the domain's whatIsDue
 * (loan-due.ts), as on the dashboard and in the console.
 */
import type { TServicingLoan } from '@pledge/contract';
import {
  daysBetween,
  interestBearingCents,
  isoDay,
  maturityOptions,
  type TLoanStatusName,
} from '@pledge/domain';
import { desc, eq } from 'drizzle-orm';
import type { TPricesPort } from '../../adapters/prices/port.js';
import type { TDb } from '../../db/pool.js';
import {
  bankLinkItems,
  disbursementAccounts,
  servicingPayments,
  servicingStatements,
} from '../../db/schema/index.js';
import { coinQuantityText } from '../offers/offer-record.js';
import { balancesOf } from './ledger-store.js';
import {
  collateralTypeOf,
  collateralUnitsOf,
  initialLtvOf,
  ltvOf,
  priceCentsOf,
  thresholdsOf,
} from './loan-ltv.js';
import { buildLoanRisk, riskPriceOf } from '../risk/loan-risk-view.js';
import { liquidationsOfLoan } from '../risk/liquidation-view.js';
import { renewedScheduleOf } from './renewed-loan-schedule.js';
import { loadLoan, toPaymentView, type TLoanContext } from './servicing-record.js';
import { dueOf, dueRecordsOf, maturityAmountCents, nextPaymentOf, scheduleOf } from './loan-due.js';
import { debitabilityColumns, isDebitable, paymentOptionsOf } from './payment-options.js';

export interface TServicingViewDeps {
  db: TDb;
  prices: TPricesPort;
  clock: () => Date;
}

/** Statuses in which the loan is still being serviced. */
export const OPEN_STATUSES: readonly TLoanStatusName[] = ['ACTIVE', 'MARGIN_CALL', 'MATURED'];

/**
 * The status shown: the stored one. The risk pass moves an open loan between ACTIVE and
 * MARGIN_CALL at each stored price, so the page and the notices agree.
 */
export function displayStatus(stored: TLoanStatusName): TLoanStatusName {
  return stored;
}

export async function buildServicingLoan(
  deps: TServicingViewDeps,
  context: TLoanContext,
): Promise<TServicingLoan> {
  const { db } = deps;
  const { loan, offer } = context;
  const now = deps.clock();
  const today = isoDay(now);
  const balances = await balancesOf(db, loan.loanUuid);
  const price = await priceCentsOf(deps.prices, collateralTypeOf(context));
  const bearing = interestBearingCents(balances);
  const ltvPct = ltvOf(context, bearing, price);
  const thresholds = thresholdsOf(context);
  const isOpen = OPEN_STATUSES.includes(loan.status);

  const [payments, statements, records, account, risk, liquidations] = await Promise.all([
    db
      .select()
      .from(servicingPayments)
      .where(eq(servicingPayments.loanUuid, loan.loanUuid))
      .orderBy(desc(servicingPayments.createdAt)),
    db
      .select()
      .from(servicingStatements)
      .where(eq(servicingStatements.loanUuid, loan.loanUuid))
      .orderBy(desc(servicingStatements.periodNumber)),
    dueRecordsOf(db, [loan.loanUuid]),
    db
      .select({
        mask: disbursementAccounts.accountNumberMask,
        method: disbursementAccounts.method,
        ...debitabilityColumns,
      })
      .from(disbursementAccounts)
      .leftJoin(bankLinkItems, eq(bankLinkItems.id, disbursementAccounts.bankLinkItemId))
      .where(eq(disbursementAccounts.applicationUuid, loan.loanUuid)),
    riskPriceOf(db, context).then((riskPrice) => buildLoanRisk(db, context, riskPrice)),
    liquidationsOfLoan(db, loan.loanUuid),
  ]);
  const due = dueOf({ loan, balances, records: records.get(loan.loanUuid), asOf: today });
  // A loan its renewal replaced lists what it owed the day it was renewed, carried into the renewal.
  const schedule =
    (await renewedScheduleOf(db, { loan, balances, records: records.get(loan.loanUuid) })) ??
    scheduleOf(due);
  const nextPayment = isOpen ? nextPaymentOf(due) : null;
  const status = displayStatus(loan.status);
  const debit = account[0];
  // One LTV on the page: the risk panel's (pending debits left out, at the latest stored price),
  // the price port's only while no price is stored.
  const shownLtvPct = risk.ltvPct ?? ltvPct;
  return {
    loanUuid: loan.loanUuid,
    appUuid: loan.loanUuid,
    status,
    collateral: {
      coinQuantity: coinQuantityText(collateralUnitsOf(context)),
      type: collateralTypeOf(context) as TServicingLoan['collateral']['type'],
    },
    interestRatePct: Number(offer.interestRatePct),
    annualPercentageRatePct: Number(offer.annualPercentageRatePct),
    fundedOn: loan.fundedOn,
    maturityDate: loan.maturityDate,
    asOf: now.toISOString(),
    initialLtvPct: initialLtvOf(context),
    balances,
    nextPayment,
    schedule,
    payments: payments.map(toPaymentView),
    statements: statements.map((row) => ({
      statementUuid: row.uuid,
      cycleDate: row.cycleDate,
      dueDate: row.dueDate,
      amountDueCents: row.amountDueCents,
      pastDueCents: row.pastDueCents,
      pastDueSince: row.pastDueSince,
      balanceCents: row.balanceCents,
      createdAt: row.createdAt.toISOString(),
    })),
    autopayEnabled: loan.autopayEnabled,
    debitAccount:
      debit === undefined || debit.mask === null
        ? null
        : { name: 'Bank account', mask: debit.mask },
    paymentOptions: paymentOptionsOf({ context, isOpen, hasDebitAccount: isDebitable(debit) }),
    ltv:
      shownLtvPct === null
        ? null
        : {
            ltvPct: shownLtvPct,
            warningLtvPct: thresholds.warningLtvPct,
            marginCallLtvPct: thresholds.marginCallLtvPct,
            liquidationLtvPct: thresholds.liquidationLtvPct,
          },
    risk,
    liquidations,
    maturity: {
      maturityDate: loan.maturityDate,
      daysToMaturity: daysBetween(today, loan.maturityDate),
      // The whole balance, with the last period's interest still to accrue when it is running.
      amountDueCents: isOpen ? maturityAmountCents(loan, balances) : 0,
      options: maturityOptions({
        maturityDate: loan.maturityDate,
        now,
        balanceCents: balances.totalCents,
        isOpen,
      }),
    },
  };
}

export async function getServicingLoan(
  deps: TServicingViewDeps,
  input: { identityUuid: string; loanUuid: string },
): Promise<TServicingLoan> {
  const context = await loadLoan(deps.db, input.loanUuid, { identityUuid: input.identityUuid });
  return buildServicingLoan(deps, context);
}
