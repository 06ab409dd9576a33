/**
 * POST R/applications/create-celsius (document 2 §7): looks up a legacy loan by its id and opens the
 * borrower's refinancing application for it, or answers the one already open (a repeat or a double
 * click makes none: the tape row is locked while looking). An imported loan is combined with the
 * borrower's other open, eligible loans of the same coin and jurisdiction into one application. A
 * loan found but not eligible answers its reasons (§8); an unknown id, or another borrower's, is 404.
 */
import type { TPostCreateCelsiusApplicationResponse } from '@pledge/contract';
import {
  isOfferedCollateralType,
  REFI_LOAN_NOT_FOUND_MESSAGE,
  refiIneligibleMessages,
  refiIneligibleReasons,
  refiResidenceOf,
  stageOf,
  toCoinQuantity,
} from '@pledge/domain';
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { TDb } from '../../db/pool.js';
import {
  applications,
  refiApplicationLoans,
  refiApplications,
  refiTapeLoans,
} from '../../db/schema/index.js';
import { HttpError } from '../../http/errors.js';
import type { TApplicationRow } from '../applications/application-record.js';
import { auditApplicationCreated } from '../applications/apply-transition.js';
import { currentPrice } from '../prices/current-price.js';
import { priceRefiOffers } from './price-refi-offers.js';
import type { TRefiDeps } from './refi-deps.js';
import { rereadApplication, toRefiViews } from './refi-record.js';
import {
  borrowerIdentityOf,
  tapeLoanBelongsTo,
  type TBorrowerIdentity,
  type TTapeLoanRow,
} from './tape-match.js';

function loanNotFound(): HttpError {
  return new HttpError(404, 'REFI_LOAN_NOT_FOUND', REFI_LOAN_NOT_FOUND_MESSAGE, {
    celsiusLoanId: [REFI_LOAN_NOT_FOUND_MESSAGE],
  });
}

/** The borrower's applications (not cancelled) that refinance any of these loans. */
async function liveApplicationsOf(
  tx: TDb,
  identityUuid: string,
  loanIds: readonly string[],
): Promise<TApplicationRow[]> {
  if (loanIds.length === 0) return [];
  return tx
    .select({ application: applications })
    .from(refiApplicationLoans)
    .innerJoin(applications, eq(applications.uuid, refiApplicationLoans.applicationUuid))
    .where(
      and(
        eq(refiApplicationLoans.identityUuid, identityUuid),
        inArray(refiApplicationLoans.loanId, [...loanIds]),
        ne(applications.state, 'CANCELLED'),
      ),
    )
    .then((rows) => {
      const unique = new Map(rows.map((row) => [row.application.uuid, row.application]));
      return [...unique.values()];
    });
}

/** The loans refinanced together with `row`: the borrower's open eligible loans like it. */
async function combinedLoans(
  tx: TDb,
  row: TTapeLoanRow,
  borrower: TBorrowerIdentity,
  sandbox: boolean,
): Promise<TTapeLoanRow[]> {
  if (row.source === 'SANDBOX') return [row];
  const candidates = await tx
    .select()
    .from(refiTapeLoans)
    .where(
      and(
        eq(refiTapeLoans.source, 'IMPORT'),
        eq(refiTapeLoans.status, 'OPEN'),
        eq(refiTapeLoans.collateralType, row.collateralType),
        eq(refiTapeLoans.jurisdiction, row.jurisdiction),
      ),
    )
    .orderBy(asc(refiTapeLoans.loanId))
    .for('update');
  const mine = candidates.filter(
    (candidate) =>
      tapeLoanBelongsTo(candidate, borrower, sandbox) &&
      refiIneligibleReasons(candidate).length === 0,
  );
  const taken = new Set(
    (
      await tx
        .select({ loanId: refiApplicationLoans.loanId })
        .from(refiApplicationLoans)
        .innerJoin(applications, eq(applications.uuid, refiApplicationLoans.applicationUuid))
        .where(
          and(
            inArray(
              refiApplicationLoans.loanId,
              mine.map((candidate) => candidate.loanId),
            ),
            ne(applications.state, 'CANCELLED'),
          ),
        )
    ).map((taken) => taken.loanId),
  );
  return mine.filter(
    (candidate) => candidate.loanId === row.loanId || !taken.has(candidate.loanId),
  );
}

export async function createCelsiusApplication(
  deps: TRefiDeps,
  input: { identityUuid: string; celsiusLoanId: string },
): Promise<TPostCreateCelsiusApplicationResponse> {
  const now = deps.clock();
  const borrower = await borrowerIdentityOf(deps.db, deps.cipher, input.identityUuid);
  const loanId = input.celsiusLoanId.trim();
  const [peek] = await deps.db.select().from(refiTapeLoans).where(eq(refiTapeLoans.loanId, loanId));
  if (peek === undefined || !tapeLoanBelongsTo(peek, borrower, deps.sandbox)) throw loanNotFound();
  if (!isOfferedCollateralType(peek.collateralType)) throw loanNotFound();
  // Asked outside the transaction: no row lock is held while the price feed answers.
  const quote = await currentPrice(deps.prices, peek.collateralType);

  const result = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(refiTapeLoans)
      .where(eq(refiTapeLoans.loanId, loanId))
      .for('update');
    if (row === undefined || !tapeLoanBelongsTo(row, borrower, deps.sandbox)) throw loanNotFound();
    const existing = await liveApplicationsOf(tx, borrower.uuid, [loanId]);
    if (existing.length > 0) return { rows: existing, ineligibleLoans: [] };
    if (row.status === 'REFINANCED' && row.source === 'IMPORT') throw loanNotFound();

    const reasons = refiIneligibleReasons(row);
    if (reasons.length > 0) {
      return {
        rows: [],
        ineligibleLoans: [
          { celsiusLoanId: row.loanId, reasons, messages: refiIneligibleMessages(reasons) },
        ],
      };
    }
    const loans = await combinedLoans(tx, row, borrower, deps.sandbox);
    const residence = refiResidenceOf(row.jurisdiction);
    if (residence === null) throw loanNotFound();
    const principalCents = loans.reduce((sum, loan) => sum + loan.principalCents, 0);
    const collateral = loans
      .reduce((sum, loan) => sum.plus(toCoinQuantity(loan.collateralQuantity)), toCoinQuantity('0'))
      .toFixed();

    const [application] = await tx
      .insert(applications)
      .values({
        identityUuid: borrower.uuid,
        organization: borrower.organizationCode,
        flow: 'WEB',
        state: 'CREATED',
        stage: stageOf('CREATED'),
        isCelsiusRefi: true,
        isInternational: residence.kind === 'country',
        stateCode: residence.kind === 'state' ? residence.state : null,
        countryCode: residence.kind === 'country' ? residence.countryCode : null,
        requestedAmountCents: principalCents,
        collateralType: row.collateralType,
        coinQuantity: collateral,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (application === undefined) throw new Error('The refinancing insert returned no row');
    await auditApplicationCreated(tx, {
      appUuid: application.uuid,
      identityUuid: borrower.uuid,
      reason: `refinancing of legacy loans ${loans.map((loan) => loan.loanId).join(', ')} opened`,
      at: now,
    });
    const [refi] = await tx
      .insert(refiApplications)
      .values({
        applicationUuid: application.uuid,
        identityUuid: borrower.uuid,
        collateralType: row.collateralType,
        legacyCollateralQuantity: collateral,
        principalCents,
        jurisdiction: row.jurisdiction,
        createdAt: now,
      })
      .returning();
    if (refi === undefined) throw new Error('The refinancing facts insert returned no row');
    await tx.insert(refiApplicationLoans).values(
      loans.map((loan) => ({
        applicationUuid: application.uuid,
        loanId: loan.loanId,
        identityUuid: borrower.uuid,
      })),
    );
    await priceRefiOffers(tx, { application, refi, quote, now, sandbox: deps.sandbox });
    return { rows: [await rereadApplication(tx, application.uuid)], ineligibleLoans: [] };
  });
  return {
    applications: await toRefiViews(deps.db, result.rows, now),
    ineligibleLoans: result.ineligibleLoans,
  };
}
