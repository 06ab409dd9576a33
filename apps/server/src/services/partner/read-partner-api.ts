/**
 * The partner read API's lists, always of the caller's brand only: applications and loans newest
 * first (keyset on creation time and uuid), events oldest first from a cursor (their sequence), so
 * that a partner who keeps the last cursor reads every event once, in order.
 */
import {
  PARTNER_PAGE_DEFAULT,
  type TPartnerApplication,
  type TPartnerEvent,
  type TPartnerLoan,
  type TPartnerPageQuery,
} from '@pledge/contract';
import { and, asc, eq, gt, lt, or, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgSelect } from 'drizzle-orm/pg-core';
import type { TDb } from '../../db/pool.js';
import { applications, partnerEvents, servicingLoans } from '../../db/schema/index.js';
import { HttpError } from '../../http/errors.js';
import { newestFirst, type TNewestFirst } from '../newest-first-page.js';
import { partnerEventOf } from './partner-event-body.js';
import type { TPartnerCaller } from './authenticate-partner-key.js';

interface TPage<T> {
  data: T[];
  nextCursor: string | null;
}

const badCursor = () =>
  new HttpError(400, 'VALIDATION_ERROR', 'The cursor is not one this API gave.', {
    cursor: ['The cursor is not one this API gave.'],
  });

/** A keyset position (time, uuid) as an opaque cursor. */
function encodeTimeCursor(at: Date, uuid: string): string {
  return Buffer.from(JSON.stringify([at.toISOString(), uuid])).toString('base64url');
}

function decodeTimeCursor(cursor: string): { at: Date; uuid: string } {
  try {
    const [at, uuid] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown[];
    if (typeof at !== 'string' || typeof uuid !== 'string' || !/^[0-9a-f-]{36}$/.test(uuid)) {
      throw badCursor();
    }
    const date = new Date(at);
    if (Number.isNaN(date.getTime())) throw badCursor();
    return { at: date, uuid };
  } catch {
    throw badCursor();
  }
}

/** The rows after the cursor's position, newest first on (time, uuid); all of them without one. */
function olderThanCursor(cursor: string | undefined, { time, key }: TNewestFirst): SQL | undefined {
  if (cursor === undefined) return undefined;
  const { at, uuid } = decodeTimeCursor(cursor);
  return or(lt(time, at), and(eq(time, at), lt(key, uuid)));
}

/**
 * The rows of one page of the caller's brand, newest first on (time, uuid), with one more than the
 * page's size read (a next page exists).
 */
async function readBrandPage<TSelect extends PgSelect>(
  select: TSelect,
  caller: TPartnerCaller,
  query: TPartnerPageQuery,
  columns: TNewestFirst & { brand: AnyPgColumn },
): Promise<{ rows: TSelect['_']['result']; limit: number }> {
  const limit = query.limit ?? PARTNER_PAGE_DEFAULT;
  const rows = await select
    .where(and(eq(columns.brand, caller.brand), olderThanCursor(query.cursor, columns)))
    .orderBy(...newestFirst(columns))
    .limit(limit + 1);
  return { rows, limit };
}

/** A page of rows read with one more than `limit` (a next page exists), with that page's cursor. */
function newestFirstPage<TRow, TItem>(
  rows: readonly TRow[],
  limit: number,
  positionOf: (row: TRow) => { at: Date; uuid: string },
  itemOf: (row: TRow) => TItem,
): TPage<TItem> {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const position = rows.length > limit && last !== undefined ? positionOf(last) : undefined;
  return {
    data: page.map(itemOf),
    nextCursor: position === undefined ? null : encodeTimeCursor(position.at, position.uuid),
  };
}

export async function listPartnerApplications(
  db: TDb,
  caller: TPartnerCaller,
  query: TPartnerPageQuery,
): Promise<TPage<TPartnerApplication>> {
  const { rows, limit } = await readBrandPage(
    db.select().from(applications).$dynamic(),
    caller,
    query,
    { brand: applications.organization, time: applications.createdAt, key: applications.uuid },
  );
  return newestFirstPage(
    rows,
    limit,
    (row) => ({ at: row.createdAt, uuid: row.uuid }),
    (row) => ({
      appUuid: row.uuid,
      state: row.state,
      stage: row.stage,
      isRenewal: row.isRollForward,
      isRefinancing: row.isCelsiusRefi,
      requestedAmountCents: row.requestedAmountCents,
      collateralType: row.collateralType,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    }),
  );
}

export async function listPartnerLoans(
  db: TDb,
  caller: TPartnerCaller,
  query: TPartnerPageQuery,
): Promise<TPage<TPartnerLoan>> {
  const { rows, limit } = await readBrandPage(
    db
      .select({ loan: servicingLoans })
      .from(servicingLoans)
      .innerJoin(applications, eq(applications.uuid, servicingLoans.loanUuid))
      .$dynamic(),
    caller,
    query,
    {
      brand: applications.organization,
      time: servicingLoans.createdAt,
      key: servicingLoans.loanUuid,
    },
  );
  return newestFirstPage(
    rows,
    limit,
    ({ loan }) => ({ at: loan.createdAt, uuid: loan.loanUuid }),
    ({ loan }) => ({
      loanUuid: loan.loanUuid,
      status: loan.status,
      riskLevel: loan.riskLevel,
      interestRateBps: loan.interestRateBps,
      termMonths: loan.termMonths,
      fundedOn: loan.fundedOn,
      maturityDate: loan.maturityDate,
      interestBearingCents: loan.interestBearingCents,
      collateralType: loan.collateralType,
    }),
  );
}

export async function listPartnerEvents(
  db: TDb,
  caller: TPartnerCaller,
  query: TPartnerPageQuery,
): Promise<TPage<TPartnerEvent>> {
  const limit = query.limit ?? PARTNER_PAGE_DEFAULT;
  let after = 0;
  if (query.cursor !== undefined) {
    if (!/^\d{1,15}$/.test(query.cursor)) throw badCursor();
    after = Number(query.cursor);
  }
  const rows = await db
    .select()
    .from(partnerEvents)
    .where(and(eq(partnerEvents.brand, caller.brand), gt(partnerEvents.seq, after)))
    .orderBy(asc(partnerEvents.seq))
    .limit(limit);
  const last = rows.at(-1);
  // The cursor of the last event read: the next call answers what came after it (or nothing yet).
  return {
    data: rows.map(partnerEventOf),
    nextCursor: last === undefined ? (query.cursor ?? null) : String(last.seq),
  };
}
