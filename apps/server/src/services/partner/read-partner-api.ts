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
import { and, asc, desc, eq, gt, lt, or, type SQL } from 'drizzle-orm';
import type { TDb } from '../../db/pool.js';
import { applications, partnerEvents, servicingLoans } from '../../db/schema/index.js';
import { HttpError } from '../../http/errors.js';
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

export async function listPartnerApplications(
  db: TDb,
  caller: TPartnerCaller,
  query: TPartnerPageQuery,
): Promise<TPage<TPartnerApplication>> {
  const limit = query.limit ?? PARTNER_PAGE_DEFAULT;
  const conditions: SQL[] = [eq(applications.organization, caller.brand)];
  if (query.cursor !== undefined) {
    const { at, uuid } = decodeTimeCursor(query.cursor);
    const before = or(
      lt(applications.createdAt, at),
      and(eq(applications.createdAt, at), lt(applications.uuid, uuid)),
    );
    if (before !== undefined) conditions.push(before);
  }
  const rows = await db
    .select()
    .from(applications)
    .where(and(...conditions))
    .orderBy(desc(applications.createdAt), desc(applications.uuid))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    data: page.map((row) => ({
      appUuid: row.uuid,
      state: row.state,
      stage: row.stage,
      isRenewal: row.isRollForward,
      isRefinancing: row.isCelsiusRefi,
      requestedAmountCents: row.requestedAmountCents,
      collateralType: row.collateralType,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    })),
    nextCursor:
      rows.length > limit && last !== undefined
        ? encodeTimeCursor(last.createdAt, last.uuid)
        : null,
  };
}

export async function listPartnerLoans(
  db: TDb,
  caller: TPartnerCaller,
  query: TPartnerPageQuery,
): Promise<TPage<TPartnerLoan>> {
  const limit = query.limit ?? PARTNER_PAGE_DEFAULT;
  const conditions: SQL[] = [eq(applications.organization, caller.brand)];
  if (query.cursor !== undefined) {
    const { at, uuid } = decodeTimeCursor(query.cursor);
    const before = or(
      lt(servicingLoans.createdAt, at),
      and(eq(servicingLoans.createdAt, at), lt(servicingLoans.loanUuid, uuid)),
    );
    if (before !== undefined) conditions.push(before);
  }
  const rows = await db
    .select({ loan: servicingLoans })
    .from(servicingLoans)
    .innerJoin(applications, eq(applications.uuid, servicingLoans.loanUuid))
    .where(and(...conditions))
    .orderBy(desc(servicingLoans.createdAt), desc(servicingLoans.loanUuid))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1)?.loan;
  return {
    data: page.map(({ loan }) => ({
      loanUuid: loan.loanUuid,
      status: loan.status,
      riskLevel: loan.riskLevel,
      interestRateBps: loan.interestRateBps,
      termMonths: loan.termMonths,
      fundedOn: loan.fundedOn,
      maturityDate: loan.maturityDate,
      interestBearingCents: loan.interestBearingCents,
      collateralType: loan.collateralType,
    })),
    nextCursor:
      rows.length > limit && last !== undefined
        ? encodeTimeCursor(last.createdAt, last.loanUuid)
        : null,
  };
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
