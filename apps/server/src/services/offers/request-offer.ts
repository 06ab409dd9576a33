/**
 * Prices the borrower's requested loan on their application. Every rule of the offer form is
 * checked again here with the domain (the residence's limits, unserviced states, offered coins,
 * the least coin quantity, decimals, the maximum initial LTV) and refused with the form's own
 * words; the offer is priced at the current coin price and can be accepted for OFFER_TTL_MINUTES.
 * A new request replaces the offers still open on the application.
 *
 * Round trips: the price (kept by the prices port), the application read (made by the session
 * check, in its statement, when the route asks it to), then one statement that updates the
 * application if it is still the version read, and only then replaces the open offers
 * and records the new one. A request that finds the application changed (by another request at
 * once, on any instance) reads it again and prices on what that left, and only after repeated
 * losses locks it. The answer is built from the values written (the statement returns only the
 * new offer's uuid), not read again.
 */
import type { TApplication, TPostRequestedOfferBody } from '@pledge/contract';
import {
  OFFER_MESSAGES,
  OFFER_REFUSAL_MESSAGES,
  OFFER_TTL_MINUTES,
  assertOfferable,
  computeOffer,
  fieldErrorsFromZodError,
  formatLoanLimit,
  isDomainError,
  loanLimitsUsd,
  makeOfferFormSchema,
  minCoinQuantity,
  type TOfferIneligibleReason,
  type TOfferTerms,
  type TOfferedCollateralType,
  type TResidence,
} from '@pledge/domain';
import { randomUUID } from 'node:crypto';
import { and, eq, getTableColumns, isNull, sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { TPriceQuote, TPricesPort } from '../../adapters/prices/port.js';
import { placeholder, preparedPerPool } from '../../db/named-statement.js';
import type { TDb } from '../../db/pool.js';
import { applications, offers } from '../../db/schema/index.js';
import { HttpError } from '../../http/errors.js';
import { toApplicationView } from '../applications/application-view.js';
import {
  applicationNotFound,
  lockOwnedApplication,
  type TApplicationDeps,
  type TApplicationRow,
} from '../applications/application-record.js';
import { currentPrice } from '../prices/current-price.js';
import { resolveResidence } from '../residency/resolve-residence.js';
import { assertOfferOpen, offerRowOf, toOfferView, type TOfferRow } from './offer-record.js';

const MS_PER_MINUTE = 60_000;
/** Unlocked read-and-write attempts of an offer request before it locks the application. */
const OPTIMISTIC_OFFER_WRITES = 3;

/**
 * The offer form's schema for a residence's limits and least coin quantity, made once per set of
 * options: a schema is compiled on its first use, which must not happen on every request. The
 * options are few (the residences' limits, and the least quantity, which moves with the price),
 * and the oldest are dropped beyond OFFER_FORM_SCHEMAS_KEPT. A schema is a pure function of its
 * options, so keeping it is right on every instance.
 */
const OFFER_FORM_SCHEMAS_KEPT = 256;
const offerFormSchemas = new Map<string, ReturnType<typeof makeOfferFormSchema>>();

function offerFormSchema(options: {
  minLoanUsd: number;
  maxLoanUsd: number;
  minCoinQuantity: string;
}): ReturnType<typeof makeOfferFormSchema> {
  const key = `${options.minLoanUsd}|${options.maxLoanUsd}|${options.minCoinQuantity}`;
  let schema = offerFormSchemas.get(key);
  if (schema === undefined) {
    schema = makeOfferFormSchema(options);
    offerFormSchemas.set(key, schema);
    if (offerFormSchemas.size > OFFER_FORM_SCHEMAS_KEPT) {
      const oldest = offerFormSchemas.keys().next().value;
      if (oldest !== undefined) offerFormSchemas.delete(oldest);
    }
  }
  return schema;
}

/** The offer form's field names → this call's body fields. */
const FORM_TO_BODY_FIELD: Readonly<Record<string, keyof TPostRequestedOfferBody>> = {
  cashToBorrow: 'requestedAmount',
  collateralAmount: 'coinQuantity',
  collateralType: 'collateralType',
};

export interface TRequestOfferDeps extends TApplicationDeps {
  prices: TPricesPort;
}

function refused(fieldErrors: Record<string, string[]>): HttpError {
  const first = Object.values(fieldErrors)[0]?.[0] ?? 'The requested offer cannot be made';
  return new HttpError(400, 'VALIDATION_ERROR', first, fieldErrors);
}

/** Why computeOffer made no offer, as the form's field message. */
function ineligibleFieldErrors(
  reason: TOfferIneligibleReason,
  input: { residence: TResidence; priceCents: number; collateralType: TOfferedCollateralType },
): Record<string, string[]> {
  const limits = loanLimitsUsd(input.residence);
  switch (reason) {
    case 'BELOW_MIN_AMOUNT':
      return { requestedAmount: [OFFER_MESSAGES.amountMinimum(formatLoanLimit(limits.min))] };
    case 'ABOVE_MAX_AMOUNT':
      return { requestedAmount: [OFFER_MESSAGES.amountMaximum(formatLoanLimit(limits.max))] };
    case 'BELOW_MIN_COIN_QUANTITY':
      return {
        coinQuantity: [
          OFFER_MESSAGES.minCoinQuantity(
            minCoinQuantity({ priceCents: input.priceCents, residence: input.residence }),
            input.collateralType,
          ),
        ],
      };
    case 'LTV_TOO_HIGH':
      return { coinQuantity: [OFFER_MESSAGES.additionalCollateralWarning] };
    case 'STATE_NOT_SERVICED':
      return { state: [OFFER_REFUSAL_MESSAGES.STATE_NOT_SERVICED] };
    case 'COUNTRY_NOT_ENABLED':
      return { countryCode: [OFFER_REFUSAL_MESSAGES.COUNTRY_NOT_ENABLED] };
    case 'UNSUPPORTED_COLLATERAL':
      return { collateralType: [OFFER_REFUSAL_MESSAGES.UNSUPPORTED_COLLATERAL] };
  }
}

/**
 * computeOffer, with a quantity too large to value in cents (DomainError without a field) refused
 * as a field of the request.
 */
function priceOffer(input: Parameters<typeof computeOffer>[0]): ReturnType<typeof computeOffer> {
  try {
    return computeOffer(input);
  } catch (error) {
    if (isDomainError(error) && error.fieldErrors === undefined) {
      throw refused({ coinQuantity: [error.message] });
    }
    throw error;
  }
}

/** The offer priced for a request on a locked application; refused with the form's words. */
function priceRequest(
  application: TApplicationRow,
  body: TPostRequestedOfferBody,
  quote: { priceCents: number },
) {
  assertOfferOpen(application);
  const residence = resolveResidence({
    state: body.state,
    countryCode: body.countryCode,
    orgCode: application.organization,
  });
  assertOfferable({ collateralType: body.collateralType, residence });

  const limits = loanLimitsUsd(residence);
  const form = z.safeParse(
    offerFormSchema({
      minLoanUsd: limits.min,
      maxLoanUsd: limits.max,
      minCoinQuantity: minCoinQuantity({ priceCents: quote.priceCents, residence }),
    }),
    {
      cashToBorrow: body.requestedAmount,
      collateralAmount: body.coinQuantity,
      collateralType: body.collateralType,
    },
  );
  if (!form.success) {
    const fieldErrors: Record<string, string[]> = {};
    for (const [field, messages] of Object.entries(fieldErrorsFromZodError(form.error))) {
      fieldErrors[FORM_TO_BODY_FIELD[field] ?? field] = messages;
    }
    throw refused(fieldErrors);
  }
  const { cashToBorrow, collateralAmount, collateralType } = form.data;
  if (cashToBorrow === null || collateralAmount === null) {
    // Only a renewal form leaves these empty; this form always fills them.
    throw refused({ requestedAmount: [OFFER_MESSAGES.cashRequired] });
  }

  const result = priceOffer({
    drawCents: cashToBorrow,
    collateralType,
    coinQuantity: collateralAmount,
    priceCents: quote.priceCents,
    residence,
  });
  if (!result.eligible) {
    throw refused(
      ineligibleFieldErrors(result.reason, {
        residence,
        priceCents: quote.priceCents,
        collateralType,
      }),
    );
  }
  return { terms: result.offer, residence, cashToBorrow, collateralAmount, collateralType };
}

/**
 * The columns an offer is inserted with, in the table's order: the write inserts the offer by a
 * SELECT from the application's update, so that it is recorded only when that update found the
 * application unchanged.
 */
const OFFER_INSERT_COLUMNS = Object.entries(getTableColumns(offers)).filter(
  ([, column]) => column.generated === undefined && column.generatedIdentity === undefined,
);

/** The offer columns a request fills (offerRowOf's, and its uuid); the others start empty. */
const FILLED_OFFER_COLUMNS = new Set([
  'uuid',
  ...Object.keys(
    offerRowOf({
      applicationUuid: '',
      terms: {} as TOfferTerms,
      residence: { kind: 'state', state: 'OH' },
      priceCents: 0,
      priceAsOf: new Date(0),
      createdAt: new Date(0),
      expiresAt: new Date(0),
    }),
  ),
]);

/** Each filled offer column and the name of its value in the write's placeholders, made once. */
const OFFER_VALUE_NAMES = [...FILLED_OFFER_COLUMNS].map((key) => [key, `offer_${key}`] as const);

/**
 * The write of a priced request as one statement (see priceAndWrite), its values left as
 * placeholders; `withResidence` also writes the application's residence (until an offer is
 * accepted).
 */
function offerWriteStatement(db: TDb, withResidence: boolean) {
  const changes = {
    requestedAmountCents: placeholder('requestedAmountCents'),
    collateralType: placeholder('collateralType'),
    coinQuantity: placeholder('coinQuantity'),
    ...(withResidence
      ? {
          stateCode: placeholder('stateCode'),
          countryCode: placeholder('countryCode'),
          isInternational: placeholder('isInternational'),
        }
      : {}),
    version: placeholder('nextVersion'),
    updatedAt: placeholder('now'),
    openOffersSince: placeholder('now'),
  };
  const updated = db.$with('updated', { uuid: applications.uuid }).as(
    db
      .update(applications)
      .set(changes as unknown as Partial<TApplicationRow>)
      .where(
        and(
          eq(applications.uuid, placeholder('appUuid')),
          eq(applications.version, placeholder('version')),
        ),
      )
      .returning({ uuid: applications.uuid })
      .getSQL(),
  );
  const superseded = db.$with('superseded', { uuid: offers.uuid }).as(
    db
      .update(offers)
      .set({ supersededAt: placeholder('now') as unknown as Date })
      .where(
        // The application by its uuid, not by a join to `updated`: planned on a join, the open
        // offers were read all (of every application) and filtered. Only when the update was made.
        // The open offers were all made since the application's open_offers_since as read (the
        // update finds it unchanged): found among those, however many it was quoted.
        and(
          eq(offers.applicationUuid, placeholder('appUuid')),
          sql`${offers.createdAt} >= COALESCE(${placeholder('openOffersSince')}::timestamptz, '-infinity')`,
          sql`EXISTS (SELECT 1 FROM updated)`,
          isNull(offers.acceptedAt),
          isNull(offers.supersededAt),
        ),
      )
      .returning({ uuid: offers.uuid })
      .getSQL(),
  );
  const values = sql.join(
    OFFER_INSERT_COLUMNS.map(([key, column]) => {
      const cast = sql.raw(column.getSQLType());
      return FILLED_OFFER_COLUMNS.has(key)
        ? sql`${sql.param(placeholder(`offer_${key}`), column)}::${cast}`
        : sql`NULL::${cast}`;
    }),
    sql`, `,
  );
  // Only the uuid comes back: the answer is built from the values written (see priceAndWrite).
  return db
    .with(updated, superseded)
    .insert(offers)
    .select(sql`SELECT ${values} FROM updated`)
    .returning({ uuid: offers.uuid });
}

/**
 * The two writes, prepared once per pool: PostgreSQL parses and plans each once per connection
 * (named statements), and no request builds their SQL again.
 */
const preparedWrites = preparedPerPool((db) => ({
  withResidence: offerWriteStatement(db, true).prepare('request_offer_write_residence'),
  without: offerWriteStatement(db, false).prepare('request_offer_write'),
}));

function offerWrite(db: TDb, withResidence: boolean) {
  if (db instanceof PgTransaction) return offerWriteStatement(db, withResidence);
  return preparedWrites(db)[withResidence ? 'withResidence' : 'without'];
}

/**
 * Prices the request on the application as read and writes it in one statement, atomic on its
 * own: the application is updated only if it is still the version read (every change of an
 * application moves its version), and only then are the open offers replaced and the new offer
 * recorded. Answers undefined, having written nothing, when the application had moved on.
 */
async function priceAndWrite(
  db: TDb,
  application: TApplicationRow,
  input: { body: TPostRequestedOfferBody; quote: TPriceQuote; now: Date },
) {
  const { body, quote, now } = input;
  const priced = priceRequest(application, body, quote);
  const { residence } = priced;
  // The residence is the application's own until an offer is accepted; from then on it is the
  // accepted offer's (select-offer writes it).
  const withResidence = application.state === 'CREATED';
  const residenceColumns = withResidence
    ? {
        stateCode: residence.kind === 'state' ? residence.state : null,
        countryCode: residence.kind === 'country' ? residence.countryCode : null,
        isInternational: residence.kind === 'country',
      }
    : {};
  const changes = {
    requestedAmountCents: priced.cashToBorrow,
    collateralType: priced.collateralType,
    coinQuantity: priced.collateralAmount,
    ...residenceColumns,
    version: application.version + 1,
    updatedAt: now,
    // Every offer open after this write is made from now on (the new one; a release running
    // beside this one sets none, and looks at every offer).
    openOffersSince: now,
  };
  const row: Record<string, unknown> = {
    uuid: randomUUID(),
    ...offerRowOf({
      applicationUuid: application.uuid,
      terms: priced.terms,
      residence,
      priceCents: quote.priceCents,
      priceAsOf: quote.asOf,
      createdAt: now,
      expiresAt: new Date(now.getTime() + OFFER_TTL_MINUTES * MS_PER_MINUTE),
    }),
  };
  const values: Record<string, unknown> = {
    requestedAmountCents: changes.requestedAmountCents,
    collateralType: changes.collateralType,
    coinQuantity: changes.coinQuantity,
    ...residenceColumns,
    nextVersion: changes.version,
    now,
    appUuid: application.uuid,
    version: application.version,
    openOffersSince: application.openOffersSince,
  };
  for (const [key, name] of OFFER_VALUE_NAMES) values[name] = row[key];
  const [recorded] = await offerWrite(db, withResidence).execute(values);
  if (recorded === undefined) return undefined;
  // The offer as written, not read back: every value is the request's own (the domain gives each
  // decimal the scale of its column, so PostgreSQL stores it unchanged), and the columns the
  // request leaves empty are empty on a new offer.
  const offer = { ...row, acceptedAt: null, supersededAt: null } as TOfferRow;
  return { application: { ...application, ...changes }, offer };
}

/** The read of the caller's application, prepared once per pool as the writes are. */
const ownedApplicationRead = preparedPerPool((db) =>
  db
    .select()
    .from(applications)
    .where(
      and(
        eq(applications.uuid, placeholder('appUuid')),
        eq(applications.identityUuid, placeholder('identityUuid')),
      ),
    )
    .prepare('request_offer_read'),
);

export async function requestOffer(
  deps: TRequestOfferDeps,
  input: {
    identityUuid: string;
    appUuid: string;
    body: TPostRequestedOfferBody;
    /**
     * The caller's application as the session check read it (null: the caller has none of that
     * uuid); read here when absent.
     */
    application?: TApplicationRow | null;
  },
): Promise<TApplication> {
  const { identityUuid, appUuid, body } = input;
  // The price first, so that no lock is held while a price source is asked.
  const quote = await currentPrice(deps.prices, body.collateralType);
  const now = deps.clock();
  const read =
    input.application === undefined
      ? (await ownedApplicationRead(deps.db).execute({ appUuid, identityUuid }))[0]
      : (input.application ?? undefined);
  if (read === undefined || read.uuid !== appUuid.toLowerCase()) throw applicationNotFound();
  // Most requests meet no other change of the application: read, then one statement. One that
  // lost the race to another change (another request at once, on any instance) reads it again and
  // prices on what that left, still holding no lock. After OPTIMISTIC_OFFER_WRITES attempts it
  // prices with the application locked, where requests at once take turns, so that each ends with
  // its own offer recorded.
  let written = await priceAndWrite(deps.db, read, { body, quote, now });
  for (let attempt = 1; written === undefined && attempt < OPTIMISTIC_OFFER_WRITES; attempt += 1) {
    const [again] = await ownedApplicationRead(deps.db).execute({ appUuid, identityUuid });
    if (again === undefined) throw applicationNotFound();
    written = await priceAndWrite(deps.db, again, { body, quote, now });
  }
  written ??= await deps.db.transaction(async (tx) => {
    const locked = await lockOwnedApplication(tx, identityUuid, appUuid);
    return priceAndWrite(tx, locked, { body, quote, now });
  });
  if (written === undefined) throw new Error('The offer was not recorded');
  // The new offer is the only one open on the application now.
  return toApplicationView(deps.db, written.application, now, {
    openOffers: new Map([[appUuid, [toOfferView(written.offer)]]]),
  });
}
