/**
 * Applications as the API shows them: each row with its open and accepted offers, its collateral,
 * its renewal's details and how it ended, read for many rows at once.
 */
import type { TApplication, TOffer } from '@pledge/contract';
import type { TDb } from '../../db/pool.js';
import { collateralViewsByApplication } from '../collateral/collateral-view.js';
import { offersByUuid, openOffersByApplication, toOfferView } from '../offers/offer-record.js';
import { rollForwardDetailsByApplication } from '../renewal/renewal-record.js';
import {
  celsiusLoanNumbersByApplication,
  endingsByApplication,
} from './application-ending-record.js';
import type { TApplicationRow } from './application-record.js';

/** What a use case already holds of its applications (just written), so it is not read again. */
export interface TKnownApplicationParts {
  /** The offers open on each application, for every row. */
  openOffers?: ReadonlyMap<string, TOffer[]>;
}

/**
 * The application entity of the API for each row, in the rows' order, with a few queries in all
 * (one fewer when the open offers are known), however many rows.
 */
export async function toApplicationViews(
  db: TDb,
  rows: readonly TApplicationRow[],
  now: Date,
  known: TKnownApplicationParts = {},
): Promise<TApplication[]> {
  const open =
    known.openOffers ??
    (await openOffersByApplication(
      db,
      rows.map((row) => row.uuid),
      now,
    ));
  const selected = await offersByUuid(
    db,
    rows.flatMap((row) => (row.selectedOfferUuid === null ? [] : [row.selectedOfferUuid])),
  );
  const acceptedOffers = new Map(
    rows.flatMap((row) => {
      const offer =
        row.selectedOfferUuid === null ? undefined : selected.get(row.selectedOfferUuid);
      return offer === undefined ? [] : [[row.uuid, offer] as const];
    }),
  );
  const collateral = await collateralViewsByApplication(db, rows, acceptedOffers);
  const rollForward = await rollForwardDetailsByApplication(db, rows);
  const endings = await endingsByApplication(db, rows);
  const loanNumbers = await celsiusLoanNumbersByApplication(db, rows);
  return rows.map((row) => {
    const selectedRow =
      row.selectedOfferUuid === null ? undefined : selected.get(row.selectedOfferUuid);
    const ending = endings.get(row.uuid);
    return {
      appUuid: row.uuid,
      identityUuid: row.identityUuid,
      organization: row.organization,
      state: row.state,
      stage: row.stage,
      isRollForward: row.isRollForward,
      isInternational: row.isInternational,
      isCelsiusRefi: row.isCelsiusRefi,
      // Tracked once an offer is accepted; the wallet appears once documents are signed.
      collateral: collateral.get(row.uuid) ?? null,
      offers: open.get(row.uuid) ?? [],
      selectedOffer: selectedRow === undefined ? null : toOfferView(selectedRow),
      rollForwardLoanDetails: rollForward.get(row.uuid) ?? null,
      celsiusLoanNumbers: loanNumbers.get(row.uuid) ?? [],
      celsiusTopUpExpirationDate: null,
      stabilizationOptIn: null,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      ...(ending === undefined ? {} : { ending }),
    };
  });
}

export async function toApplicationView(
  db: TDb,
  row: TApplicationRow,
  now: Date,
  known: TKnownApplicationParts = {},
): Promise<TApplication> {
  const [view] = await toApplicationViews(db, [row], now, known);
  if (view === undefined) throw new Error('An application view was not built');
  return view;
}
