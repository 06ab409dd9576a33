/**
 * The agent console's application list: newest first, optionally one state, optionally a search by
 * the start of an application id or by the borrower's whole e-mail address (addresses are sealed at
 * rest, so they are found by their keyed digest, exactly). Pages are keyset pages on
 * (created_at, uuid), so the thousandth page costs what the first does (indexes
 * applications_created_uuid_idx, applications_state_created_uuid_idx, identities_email_digest_unique).
 */
import type {
  TGetOpsApplicationsQuery,
  TGetOpsApplicationsResponse,
  TOpsApplicationSummary,
} from '@pledge/contract';
import type { TLoanKind } from '@pledge/domain';
import { and, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { readAll, type TDb } from '../../db/pool.js';
import { applications, identities, profiles } from '../../db/schema/index.js';
import { HttpError } from '../../http/errors.js';
import type { TFieldCipher } from '../../security/field-encryption.js';
import { offersByUuid, toOfferView } from '../offers/offer-record.js';
import { openDetails } from '../profile/sealed-profile.js';
import { hasEmail, identityEmailColumns, openIdentityEmail } from '../identity/identity-email.js';

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const UUID_PREFIX_PATTERN = /^[0-9a-f-]+$/i;
const UUID_HEX_DIGITS = 32;

export const INVALID_CURSOR_MESSAGE =
  'This page link is no longer valid. Start from the first page';

/** `abc` → the smallest and largest uuids starting with it; null when it cannot start a uuid. */
export function uuidRangeOf(prefix: string): { low: string; high: string } | null {
  if (!UUID_PREFIX_PATTERN.test(prefix)) return null;
  const hex = prefix.replaceAll('-', '').toLowerCase();
  if (hex.length === 0 || hex.length > UUID_HEX_DIGITS) return null;
  const asUuid = (digits: string) =>
    `${digits.slice(0, 8)}-${digits.slice(8, 12)}-${digits.slice(12, 16)}-${digits.slice(16, 20)}-${digits.slice(20)}`;
  return {
    low: asUuid(hex.padEnd(UUID_HEX_DIGITS, '0')),
    high: asUuid(hex.padEnd(UUID_HEX_DIGITS, 'f')),
  };
}

function searchCondition(cipher: TFieldCipher, search: string): SQL {
  const byEmail = inArray(
    applications.identityUuid,
    sql`(SELECT ${identities.uuid} FROM ${identities} WHERE ${hasEmail(cipher, search)})`,
  );
  const range = uuidRangeOf(search);
  if (range === null) return byEmail;
  const byId = sql`${applications.uuid} BETWEEN ${range.low} AND ${range.high}`;
  return or(byId, byEmail) ?? byEmail;
}

/** Rows after the cursor's row in (created_at DESC, uuid DESC) order. */
function afterCursor(cursor: string): SQL {
  if (!UUID_PATTERN.test(cursor)) {
    throw new HttpError(400, 'VALIDATION_ERROR', INVALID_CURSOR_MESSAGE, {
      cursor: [INVALID_CURSOR_MESSAGE],
    });
  }
  return sql`(${applications.createdAt}, ${applications.uuid}) < (SELECT c.created_at, c.uuid FROM ${applications} c WHERE c.uuid = ${cursor})`;
}

/** Borrower names by identity, from their sealed profiles, in one query. */
async function namesByIdentity(
  db: TDb,
  cipher: TFieldCipher,
  identityUuids: readonly string[],
): Promise<Map<string, string>> {
  if (identityUuids.length === 0) return new Map();
  const rows = await db
    .select({ identityUuid: profiles.identityUuid, detailsSealed: profiles.detailsSealed })
    .from(profiles)
    .where(inArray(profiles.identityUuid, [...new Set(identityUuids)]));
  return new Map(
    rows.map((row) => {
      const { name } = openDetails(cipher, row.identityUuid, row.detailsSealed);
      return [row.identityUuid, `${name.firstName} ${name.lastName}`];
    }),
  );
}

/** New loans, renewals (roll-forward) or refinancings of the old lender's loans. */
function kindCondition(kind: TLoanKind) {
  if (kind === 'RENEWAL') return eq(applications.isRollForward, true);
  if (kind === 'REFINANCE') return eq(applications.isCelsiusRefi, true);
  return and(eq(applications.isRollForward, false), eq(applications.isCelsiusRefi, false));
}

export async function listOpsApplications(
  deps: { db: TDb; cipher: TFieldCipher },
  query: TGetOpsApplicationsQuery,
): Promise<TGetOpsApplicationsResponse> {
  const conditions = [
    query.state === undefined ? undefined : eq(applications.state, query.state),
    query.kind === undefined ? undefined : kindCondition(query.kind),
    query.search === undefined ? undefined : searchCondition(deps.cipher, query.search),
    query.cursor === undefined ? undefined : afterCursor(query.cursor),
  ];
  // One row beyond the page says whether another page follows.
  const rows = await deps.db
    .select({ application: applications, ...identityEmailColumns })
    .from(applications)
    .innerJoin(identities, eq(identities.uuid, applications.identityUuid))
    .where(and(...conditions))
    .orderBy(desc(applications.createdAt), desc(applications.uuid))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const [names, selectedOffers] = await readAll(deps.db, [
    () =>
      namesByIdentity(
        deps.db,
        deps.cipher,
        page.map((row) => row.application.identityUuid),
      ),
    () =>
      offersByUuid(
        deps.db,
        page.flatMap(({ application }) =>
          application.selectedOfferUuid === null ? [] : [application.selectedOfferUuid],
        ),
      ),
  ]);
  const items = page.map(({ application, ...email }): TOpsApplicationSummary => {
    const offerRow =
      application.selectedOfferUuid === null
        ? undefined
        : selectedOffers.get(application.selectedOfferUuid);
    const offer = offerRow === undefined ? null : toOfferView(offerRow);
    return {
      appUuid: application.uuid,
      state: application.state,
      stage: application.stage,
      organization: application.organization,
      borrowerEmail: openIdentityEmail(deps.cipher, application.identityUuid, email),
      borrowerName: names.get(application.identityUuid) ?? null,
      isInternational: application.isInternational,
      isRollForward: application.isRollForward,
      isCelsiusRefi: application.isCelsiusRefi,
      loanAmount: offer?.amount ?? null,
      collateral:
        offer === null
          ? null
          : { coinQuantity: offer.collateralUnits, type: offer.collateral.type },
      createdAt: application.createdAt.toISOString(),
      updatedAt: application.updatedAt.toISOString(),
    };
  });
  const last = page.at(-1);
  return {
    items,
    nextCursor: rows.length > query.limit && last !== undefined ? last.application.uuid : null,
  };
}
