import type { TOffer } from '@pledge/contract';
import { and, asc, eq } from 'drizzle-orm';
import { placeholder, preparedPerPool } from '../../db/named-statement.js';
import type { TDb } from '../../db/pool.js';
import { applications, offers } from '../../db/schema/index.js';
import { applicationNotFound, type TApplicationDeps } from '../applications/application-record.js';
import {
  isOpenOfferOf,
  OFFER_VIEW_COLUMNS,
  toOfferView,
  type TOfferViewRow,
} from './offer-record.js';

function openOffersStatement(db: TDb) {
  return db
    .select({ appUuid: applications.uuid, offer: OFFER_VIEW_COLUMNS })
    .from(applications)
    .leftJoin(offers, isOpenOfferOf(placeholder('now')))
    .where(
      and(
        eq(applications.uuid, placeholder('appUuid')),
        eq(applications.identityUuid, placeholder('identityUuid')),
      ),
    )
    .orderBy(asc(offers.createdAt), asc(offers.uuid));
}

/** The statement, prepared once per pool (building it was a seventh of the route's CPU). */
const openOffersRead = preparedPerPool((db) => openOffersStatement(db).prepare('list_open_offers'));

/**
 * The offers open on the borrower's application: neither accepted, replaced nor expired. One
 * statement on every call (the application joined to its open offers), so that a change made
 * through any instance shows at once; another borrower's application is a 404. The route has the
 * session check read them in its statement (`openOffers`); read here when it did not.
 */
export async function listOffers(
  deps: TApplicationDeps,
  input: { identityUuid: string; appUuid: string; openOffers?: TOfferViewRow[] | null },
): Promise<TOffer[]> {
  if (input.openOffers === null) throw applicationNotFound();
  if (input.openOffers !== undefined) return input.openOffers.map(toOfferView);
  const rows = await openOffersRead(deps.db).execute({
    appUuid: input.appUuid,
    identityUuid: input.identityUuid,
    now: deps.clock(),
  });
  if (rows.length === 0) throw applicationNotFound();
  return rows.flatMap((row) => (row.offer === null ? [] : [toOfferView(row.offer)]));
}
