/**
 * Refinancing applications as stored (an isCelsiusRefi application plus its refi_applications row,
 * its legacy loans and the treatment of each offer) and as the R/ calls show them.
 */
import type { TOffer, TRefinancingApplication } from '@pledge/contract';
import {
  toCoinQuantity,
  remainingCoinDue,
  type TCollateralType,
  type TRefiOption,
} from '@pledge/domain';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { TDb } from '../../db/pool.js';
import {
  applications,
  collateralDeposits,
  refiApplicationLoans,
  refiApplications,
  refiOffers,
} from '../../db/schema/index.js';
import { toApplicationViews } from '../applications/application-view.js';
import {
  applicationNotFound,
  type TApplicationRow,
  findApplicationById,
} from '../applications/application-record.js';
import { coinText, confirmedBalance } from '../collateral/collateral-record.js';
import { coinReturnRowsOf, refiCoinReturnView } from './refi-coin-return-record.js';

export type TRefiApplicationRow = typeof refiApplications.$inferSelect;
export type TRefiOfferRow = typeof refiOffers.$inferSelect;

/** The caller's refinancing application, or 404 (another borrower's, a new loan's, unknown). */
export async function findOwnedRefi(
  db: TDb,
  identityUuid: string,
  appUuid: string,
  options: { lock?: boolean } = {},
): Promise<{ application: TApplicationRow; refi: TRefiApplicationRow }> {
  const query = db
    .select()
    .from(applications)
    .where(
      and(
        eq(applications.uuid, appUuid),
        eq(applications.identityUuid, identityUuid),
        eq(applications.isCelsiusRefi, true),
      ),
    );
  const [application] = options.lock === true ? await query.for('no key update') : await query;
  if (application === undefined) throw applicationNotFound();
  const [refi] = await db
    .select()
    .from(refiApplications)
    .where(eq(refiApplications.applicationUuid, appUuid));
  if (refi === undefined) throw applicationNotFound();
  return { application, refi };
}

/** The treatment rows of offers, by offer uuid. */
export async function refiOffersByUuid(
  db: TDb,
  offerUuids: readonly string[],
): Promise<Map<string, TRefiOfferRow>> {
  if (offerUuids.length === 0) return new Map();
  const rows = await db
    .select()
    .from(refiOffers)
    .where(inArray(refiOffers.offerUuid, [...offerUuids]));
  return new Map(rows.map((row) => [row.offerUuid, row]));
}

export function treatmentOf(row: TRefiOfferRow | undefined): TRefiOption | null {
  return row?.treatment ?? null;
}

function withTreatment(offer: TOffer, row: TRefiOfferRow | undefined): TOffer {
  if (row === undefined) return offer;
  return {
    ...offer,
    ltv: Number(row.currentLtvPct),
    celsiusTopUpRequired: row.topUpRequired,
    postTopUpLoanToValue: row.postTopUpLtvPct === null ? null : Number(row.postTopUpLtvPct),
    collateralReuseConsent: row.collateralReuseConsent,
  };
}

/** The legacy loan ids of each application, in loan-id order. */
export async function loanIdsByApplication(
  db: TDb,
  appUuids: readonly string[],
): Promise<Map<string, string[]>> {
  const byApp = new Map<string, string[]>();
  if (appUuids.length === 0) return byApp;
  const rows = await db
    .select()
    .from(refiApplicationLoans)
    .where(inArray(refiApplicationLoans.applicationUuid, [...appUuids]))
    .orderBy(asc(refiApplicationLoans.loanId));
  for (const row of rows) {
    byApp.set(row.applicationUuid, [...(byApp.get(row.applicationUuid) ?? []), row.loanId]);
  }
  return byApp;
}

/** Where the coins an ended refinancing received go (its ending is the application's). */
function coinReturnOf(
  view: { state: TRefinancingApplication['state'] },
  refi: TRefiApplicationRow | undefined,
  deposits: Parameters<typeof refiCoinReturnView>[0]['deposits'],
  row: Parameters<typeof refiCoinReturnView>[0]['row'],
): Pick<TRefinancingApplication, 'coinReturn'> {
  if (refi === undefined) return {};
  const coinReturn = refiCoinReturnView({
    state: view.state,
    type: refi.collateralType,
    row,
    deposits,
  });
  return coinReturn === undefined ? {} : { coinReturn };
}

/** The R/ entity of each refinancing application, in the rows' order. */
export async function toRefiViews(
  db: TDb,
  rows: readonly TApplicationRow[],
  now: Date,
): Promise<TRefinancingApplication[]> {
  if (rows.length === 0) return [];
  const uuids = rows.map((row) => row.uuid);
  const views = await toApplicationViews(db, rows, now);
  const refis = new Map(
    (
      await db
        .select()
        .from(refiApplications)
        .where(inArray(refiApplications.applicationUuid, uuids))
    ).map((row) => [row.applicationUuid, row]),
  );
  const offerUuids = views.flatMap((view) => [
    ...view.offers.map((offer) => offer.uuid),
    ...(view.selectedOffer === null ? [] : [view.selectedOffer.uuid]),
  ]);
  const treatments = await refiOffersByUuid(db, offerUuids);
  const loanIds = await loanIdsByApplication(db, uuids);
  const deposits = await db
    .select()
    .from(collateralDeposits)
    .where(inArray(collateralDeposits.applicationUuid, uuids));
  const coinReturns = await coinReturnRowsOf(
    db,
    views.filter((view) => view.state === 'CANCELLED').map((view) => view.appUuid),
  );
  return views.map((view) => {
    const refi = refis.get(view.appUuid);
    const type: TCollateralType | undefined = refi?.collateralType;
    const selectedTreatment =
      view.selectedOffer === null ? undefined : treatments.get(view.selectedOffer.uuid);
    const topUp = coinText(refi?.topUpCoinQuantity ?? selectedTreatment?.topUpCoinQuantity ?? '0');
    const ownDeposits = deposits.filter((deposit) => deposit.applicationUuid === view.appUuid);
    const received = confirmedBalance(ownDeposits);
    const remaining = view.state === 'COMPLETE' ? '0' : remainingCoinDue(topUp, received);
    const rollForwardLoanDetails =
      refi === undefined || type === undefined
        ? null
        : {
            collateral: { coinQuantity: coinText(refi.legacyCollateralQuantity), type },
            topUpAmount: { coinQuantity: topUp, type },
            remainingTopUpAmount: {
              coinQuantity: toCoinQuantity(remaining).toFixed(),
              type,
            },
          };
    // The deposit wallet of a refinancing collects the top-up only.
    const collateral =
      view.collateral === null || rollForwardLoanDetails === null
        ? view.collateral
        : {
            ...view.collateral,
            requiredCoinAmount: rollForwardLoanDetails.topUpAmount,
            remainingCoinAmountDue: rollForwardLoanDetails.remainingTopUpAmount,
          };
    return {
      appUuid: view.appUuid,
      identityUuid: view.identityUuid,
      state: view.state,
      stage: view.stage,
      isInternational: view.isInternational,
      isRollForward: view.isRollForward,
      selectedOffer:
        view.selectedOffer === null ? null : withTreatment(view.selectedOffer, selectedTreatment),
      offers: view.offers.map((offer) => withTreatment(offer, treatments.get(offer.uuid))),
      stabilizationOptIn: refi?.stabilizationOptIn ?? null,
      celsiusLoanNumbers: loanIds.get(view.appUuid) ?? [],
      celsiusTopUpExpirationDate: refi?.completeBy?.toISOString() ?? null,
      rollForwardLoanDetails,
      collateral,
      ...(view.ending === undefined ? {} : { ending: view.ending }),
      ...coinReturnOf(view, refi, ownDeposits, coinReturns.get(view.appUuid)),
    };
  });
}

export async function toRefiView(
  db: TDb,
  row: TApplicationRow,
  now: Date,
): Promise<TRefinancingApplication> {
  const [view] = await toRefiViews(db, [row], now);
  if (view === undefined) throw new Error('A refinancing view was not built');
  return view;
}

/** Re-reads an application row (after transitions in the same transaction). */
export async function rereadApplication(db: TDb, appUuid: string): Promise<TApplicationRow> {
  const row = await findApplicationById(db, appUuid);
  if (row === undefined) throw applicationNotFound();
  return row;
}
