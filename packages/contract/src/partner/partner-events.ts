/**
 * The partner event catalogue: what a lender's systems are told, through signed webhooks and the
 * partner read API, about every application and loan of its brand. Each event type has its own
 * schema of `data` and a version; a change that a receiver could notice gets a new version, never
 * a silent change of shape. Payloads carry identifiers and figures (cents, percents, states), never
 * an SSN, a bank or account number, a name or an address.
 */
import { z } from 'zod/mini';
import { ZIsoDateTime } from '../wire.js';

/** The version every event type is at in this release. */
export const PARTNER_EVENT_VERSION = 1;

const ZState = z.string().check(z.maxLength(64));
const ZCents = z.int();

/** The risk levels a partner hears of: the notices of the monitoring pass and the cure. */
export const PARTNER_RISK_LEVELS = ['WARNING', 'COURTESY_NOTICE', 'MARGIN_CALL', 'CURED'] as const;
export type TPartnerRiskLevel = (typeof PARTNER_RISK_LEVELS)[number];

/** The `data` schema of each event type. */
export const PARTNER_EVENT_DATA = {
  'application.created': z.object({ appUuid: z.uuid(), isRenewal: z.boolean() }),
  'application.state_changed': z.object({ appUuid: z.uuid(), from: ZState, to: ZState }),
  'application.offer_accepted': z.object({
    appUuid: z.uuid(),
    requestedAmountCents: z.nullable(ZCents),
  }),
  'application.documents_signed': z.object({ appUuid: z.uuid() }),
  'application.collateral_received': z.object({ appUuid: z.uuid() }),
  'application.funds_released': z.object({ appUuid: z.uuid() }),
  'loan.funded': z.object({
    loanUuid: z.uuid(),
    principalCents: z.nullable(ZCents),
    interestRateBps: z.nullable(z.int()),
    maturityDate: z.nullable(z.string().check(z.maxLength(10))),
  }),
  'loan.statement_issued': z.object({
    loanUuid: z.uuid(),
    statementUuid: z.uuid(),
    amountDueCents: z.nullable(ZCents),
    dueDate: z.nullable(z.string().check(z.maxLength(10))),
  }),
  'loan.payment_received': z.object({
    loanUuid: z.uuid(),
    paymentUuid: z.uuid(),
    amountCents: z.nullable(ZCents),
  }),
  'loan.payment_returned': z.object({
    loanUuid: z.uuid(),
    paymentUuid: z.uuid(),
    amountCents: z.nullable(ZCents),
  }),
  'loan.deferral': z.object({ loanUuid: z.uuid(), deferredInterestCents: z.nullable(ZCents) }),
  'loan.risk_level_changed': z.object({
    loanUuid: z.uuid(),
    level: z.enum(PARTNER_RISK_LEVELS),
    status: ZState,
  }),
  'loan.liquidation_filled': z.object({ loanUuid: z.uuid(), status: ZState }),
  'loan.paid_off': z.object({ loanUuid: z.uuid() }),
  'loan.collateral_released': z.object({ loanUuid: z.uuid() }),
  'loan.renewed': z.object({ loanUuid: z.uuid() }),
  'refinancing.completed': z.object({ appUuid: z.uuid() }),
} as const;

export type TPartnerEventType = keyof typeof PARTNER_EVENT_DATA;
export const PARTNER_EVENT_TYPES = Object.keys(PARTNER_EVENT_DATA) as TPartnerEventType[];
export type TPartnerEventData<K extends TPartnerEventType> = z.infer<
  (typeof PARTNER_EVENT_DATA)[K]
>;

export const ZPartnerEventType = z.enum(
  PARTNER_EVENT_TYPES as [TPartnerEventType, ...TPartnerEventType[]],
);

/**
 * One event as it is posted and listed: `id` is the idempotency key (the same on every attempt and
 * replay), `appUuid` the application (a funded loan's uuid is its application's), in whose order the
 * events of one loan are sent.
 */
export const ZPartnerEvent = z.object({
  id: z.uuid(),
  type: ZPartnerEventType,
  version: z.int(),
  brand: z.string().check(z.maxLength(64)),
  appUuid: z.uuid(),
  occurredAt: ZIsoDateTime,
  data: z.record(z.string(), z.unknown()),
});
export type TPartnerEvent = z.infer<typeof ZPartnerEvent>;

/** Checks an event's data against its type's schema; answers the parsed data or throws. */
export function parsePartnerEventData<K extends TPartnerEventType>(
  type: K,
  data: unknown,
): TPartnerEventData<K> {
  return PARTNER_EVENT_DATA[type].parse(data) as TPartnerEventData<K>;
}

/** Field names a payload never carries, checked by the catalogue's test. */
export const PARTNER_EVENT_FORBIDDEN_FIELDS = [
  'ssn',
  'accountNumber',
  'routingNumber',
  'firstName',
  'lastName',
  'email',
  'address',
] as const;
