/**
 * Prices the borrower's requested loan on their application. Every rule of the offer form is
 * checked again here with the domain (the residence's limits, unserviced states, offered coins,
 * the least coin quantity, decimals, the maximum initial LTV) and refused with the form's own
 * words; the offer is priced at the current coin price and can be accepted for OFFER_TTL_MINUTES.
 * A new request replaces the offers still open on the application.
 *
 * Round trips: the price (kept by the prices port), then one transaction of two statements: the
 * application locked (SELECT … FOR UPDATE, so that two requests decide in turn), then one statement
 * that replaces the open offers, records the new one and updates the application. The answer is
 * built from what that statement returned, not read again.
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
  type TOfferedCollateralType,
  type TResidence,
} from '@pledge/domain';
import { and, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import type { TPricesPort } from '../../adapters/prices/port.js';
import { applications, offers } from '../../db/schema/index.js';
import { HttpError } from '../../http/errors.js';
import {
  lockOwnedApplication,
  toApplicationView,
  type TApplicationDeps,
  type TApplicationRow,
} from '../applications/application-record.js';
import { currentPrice } from '../prices/current-price.js';
import { resolveResidence } from '../residency/resolve-residence.js';
import { assertOfferOpen, offerRowOf, toOfferView } from './offer-record.js';

const MS_PER_MINUTE = 60_000;

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

export async function requestOffer(
  deps: TRequestOfferDeps,
  input: { identityUuid: string; appUuid: string; body: TPostRequestedOfferBody },
): Promise<TApplication> {
  const { identityUuid, appUuid, body } = input;
  // The price first, so that no lock is held while a price source is asked.
  const quote = await currentPrice(deps.prices, body.collateralType);
  const now = deps.clock();
  const { application, offer } = await deps.db.transaction(async (tx) => {
    const locked = await lockOwnedApplication(tx, identityUuid, appUuid);
    const priced = priceRequest(locked, body, quote);
    const { residence } = priced;
    // The residence is the application's own until an offer is accepted; from then on it is the
    // accepted offer's (select-offer writes it).
    const residenceColumns =
      locked.state === 'CREATED'
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
      version: locked.version + 1,
      updatedAt: now,
    };
    // One statement: the open offers replaced, the application updated, the new offer recorded.
    // It runs after the lock, so it sees every offer a request before it committed.
    const superseded = tx.$with('superseded', { uuid: offers.uuid }).as(
      tx
        .update(offers)
        .set({ supersededAt: now })
        .where(
          and(
            eq(offers.applicationUuid, appUuid),
            isNull(offers.acceptedAt),
            isNull(offers.supersededAt),
          ),
        )
        .returning({ uuid: offers.uuid })
        .getSQL(),
    );
    const updated = tx
      .$with('updated', { uuid: applications.uuid })
      .as(
        tx
          .update(applications)
          .set(changes)
          .where(eq(applications.uuid, appUuid))
          .returning({ uuid: applications.uuid })
          .getSQL(),
      );
    const [inserted] = await tx
      .with(superseded, updated)
      .insert(offers)
      .values(
        offerRowOf({
          applicationUuid: appUuid,
          terms: priced.terms,
          residence,
          priceCents: quote.priceCents,
          priceAsOf: quote.asOf,
          createdAt: now,
          expiresAt: new Date(now.getTime() + OFFER_TTL_MINUTES * MS_PER_MINUTE),
        }),
      )
      .returning();
    if (inserted === undefined) throw new Error('The offer was not recorded');
    return { application: { ...locked, ...changes }, offer: inserted };
  });
  // The new offer is the only one open on the application now.
  return toApplicationView(deps.db, application, now, {
    openOffers: new Map([[appUuid, [toOfferView(offer)]]]),
  });
}
