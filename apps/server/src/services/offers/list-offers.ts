import type { TOffer } from '@pledge/contract';
import { and, asc, eq, gt, isNull } from 'drizzle-orm';
import { applications, offers } from '../../db/schema/index.js';
import { applicationNotFound, type TApplicationDeps } from '../applications/application-record.js';
import { toOfferView } from './offer-record.js';

/**
 * The offers open on the borrower's application: neither accepted, replaced nor expired. One
 * statement on every call (the application joined to its open offers), so that a change made
 * through any instance shows at once; another borrower's application is a 404.
 */
export async function listOffers(
  deps: TApplicationDeps,
  input: { identityUuid: string; appUuid: string },
): Promise<TOffer[]> {
  const rows = await deps.db
    .select({ appUuid: applications.uuid, offer: offers })
    .from(applications)
    .leftJoin(
      offers,
      and(
        eq(offers.applicationUuid, applications.uuid),
        isNull(offers.acceptedAt),
        isNull(offers.supersededAt),
        gt(offers.expiresAt, deps.clock()),
      ),
    )
    .where(
      and(eq(applications.uuid, input.appUuid), eq(applications.identityUuid, input.identityUuid)),
    )
    .orderBy(asc(offers.createdAt), asc(offers.uuid));
  if (rows.length === 0) throw applicationNotFound();
  return rows.flatMap((row) => (row.offer === null ? [] : [toOfferView(row.offer)]));
}
