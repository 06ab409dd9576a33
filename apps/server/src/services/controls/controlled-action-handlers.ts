/**
 * What each controlled action does when approved, and what it concerns when proposed: the one place
 * the server maps the registry (packages/domain controlled-actions.ts) to the use cases that move
 * money or change an owner. Each `perform` runs the use case inside the approval's transaction (a
 * nested transaction is a savepoint), so the proposal's approval and its effect commit together;
 * the same `perform` runs at proposal time as a dry run that is rolled back, so a proposal that
 * could not be carried out is refused then, with the use case's own message.
 */
import type {
  TPostConfirmRefiEstatePayoffBody,
  TPostOpsDeactivateAgentBody,
  TPostOpsLiquidationFillBody,
  TPostOpsPublishBrandVersionBody,
  TPostOpsReversePaymentBody,
  TPostOpsSurplusPayoutBody,
  TPostOpsWirePaymentBody,
  TPostOpsPartnerApiKeyBody,
  TPostOpsWebhookEndpointBody,
  TPostRefiCoinReturnBody,
  TPostRefiTapeLoanBorrowerBody,
} from '@pledge/contract';
import {
  centsToUsdString,
  deskFillPriceRefusal,
  parseRefiTape,
  type TControlledActionKind,
} from '@pledge/domain';
import { createHash } from 'node:crypto';
import { and, desc, eq, lte } from 'drizzle-orm';
import type { TDb } from '../../db/pool.js';
import {
  applications,
  liquidations,
  priceObservations,
  refiEstatePayoffs,
  refiTapeLoans,
  servicingLoans,
  servicingPayments,
} from '../../db/schema/index.js';
import { HttpError } from '../../http/errors.js';
import type { TClock } from '../../security/jwt.js';
import { agentActor } from '../ops/ops-record.js';
import { deactivateAgent } from '../ops/deactivate-agent.js';
import { describeBrandPublication, performBrandPublication } from '../brands/brand-publication.js';
import { importRefiTape } from '../refi/import-refi-tape.js';
import { confirmRefiEstatePayoff, setRefiTapeLoanBorrower } from '../refi/refi-ops.js';
import { openTapeEmail } from '../refi/tape-email.js';
import { coinsToReturn, recordRefiCoinReturn } from '../refi/refi-coin-return-ops.js';
import { recordDeskFill } from '../risk/liquidation-desk-fill.js';
import { recordSurplusPayout } from '../risk/liquidation-surplus-payout.js';
import { recordWirePayment } from '../servicing/record-wire-payment.js';
import { reversePayment } from '../servicing/reverse-payment.js';
import type { TFieldCipher } from '../../security/field-encryption.js';
import type { THostResolver } from '../../security/public-url.js';
import {
  describePartnerApiKey,
  describeWebhookEndpoint,
  performPartnerApiKey,
  performWebhookEndpoint,
} from '../partner/partner-controls.js';
import {
  personOfApplication,
  personOfEmail,
  personOfIdentity,
  type TPerson,
} from './same-person.js';

export interface TControlDeps {
  db: TDb;
  cipher: TFieldCipher;
  /** In the sandbox the outbox keeps an e-mail's text whole, and the brand says it is a sandbox. */
  sandbox: boolean;
  clock: TClock;
  /** Host lookups of the webhook URL guard; DNS when not given. */
  resolve?: THostResolver;
}

/** What a proposal is about, read when it is proposed and again when it is approved. */
export interface TControlledDescription {
  subjectId: string;
  /** The loan (application uuid) it concerns, if any. */
  loanUuid: string | null;
  amountCents: number | null;
  /** What approval will do, in one line. */
  summary: string;
  /** The people it concerns: neither the maker nor the checker may be one of them. */
  concerns: TPerson[];
  /** What an agent who is one of them is told (else CONTROL_MESSAGES.ownLoan). */
  concernedMessage?: string;
}

export interface TPerformInput<P> {
  payload: P;
  proposalId: string;
  agent: { identityUuid: string; email: string };
}

export interface TControlledActionHandler<P> {
  describe(tx: TDb, cipher: TFieldCipher, payload: P): Promise<TControlledDescription>;
  /** Does it, as `agent`, with the caller's transaction as `deps.db`; answers the outcome in words. */
  perform(deps: TControlDeps, input: TPerformInput<P>): Promise<string>;
}

/** The payload each action stores: its validated request and the ids of its path. */
export interface TControlledPayloads {
  RECORD_WIRE: TPostOpsWirePaymentBody & { loanUuid: string };
  REVERSE_PAYMENT: TPostOpsReversePaymentBody & { paymentUuid: string };
  LIQUIDATION_FILL: TPostOpsLiquidationFillBody & { liquidationUuid: string };
  SURPLUS_PAYOUT: TPostOpsSurplusPayoutBody & { loanUuid: string };
  TAPE_IMPORT: { csv: string };
  TAPE_REASSIGN: TPostRefiTapeLoanBorrowerBody & { loanId: string };
  ESTATE_PAYOFF: TPostConfirmRefiEstatePayoffBody & { payoffUuid: string };
  REFI_COIN_RETURN: TPostRefiCoinReturnBody & { appUuid: string };
  DEACTIVATE_AGENT: TPostOpsDeactivateAgentBody;
  PUBLISH_BRAND: TPostOpsPublishBrandVersionBody & { orgCode: string; version: number };
  CREATE_WEBHOOK_ENDPOINT: TPostOpsWebhookEndpointBody;
  CREATE_PARTNER_API_KEY: TPostOpsPartnerApiKeyBody;
}
export type TPayloadKind = keyof TControlledPayloads;

/** The Idempotency-Key an approved proposal's use case is given: one effect per proposal. */
const keyOf = (proposalId: string) => `proposal:${proposalId}`;

async function borrowerOfLoan(tx: TDb, cipher: TFieldCipher, loanUuid: string): Promise<TPerson> {
  const [application] = await tx
    .select({ uuid: applications.uuid, identityUuid: applications.identityUuid })
    .from(applications)
    .where(eq(applications.uuid, loanUuid));
  if (application === undefined) throw new HttpError(404, 'LOAN_NOT_FOUND', 'Loan not found');
  return personOfApplication(tx, cipher, application);
}

export const CONCERNED_MESSAGES = {
  ownTapeRow: 'The tape has a loan of yours (the same person): another agent must import it.',
  ownTapeLoan: 'This legacy loan is yours, or would become yours: another agent must act on it.',
  ownAgentRole:
    'You cannot deactivate yourself, nor approve your own deactivation: ask another agent.',
} as const;

export const ESTATE_PAYOFF_CONFIRMED =
  'This payoff to the estate is already confirmed: there is nothing to propose.';

const handlers: { [K in TPayloadKind]: TControlledActionHandler<TControlledPayloads[K]> } = {
  RECORD_WIRE: {
    async describe(tx, cipher, p) {
      return {
        subjectId: p.loanUuid,
        loanUuid: p.loanUuid,
        amountCents: p.amountCents,
        summary: `Wire of ${centsToUsdString(p.amountCents)} USD received ${p.receivedOn}, reference ${p.reference}`,
        concerns: [await borrowerOfLoan(tx, cipher, p.loanUuid)],
      };
    },
    async perform(deps, { payload, proposalId, agent }) {
      const { loanUuid, ...body } = payload;
      const payment = await recordWirePayment(deps, {
        loanUuid,
        body,
        idempotencyKey: keyOf(proposalId),
        actor: agentActor(agent.identityUuid),
      });
      return `Payment ${payment.paymentUuid} settled`;
    },
  },
  REVERSE_PAYMENT: {
    async describe(tx, cipher, p) {
      const [payment] = await tx
        .select({
          loanUuid: servicingPayments.loanUuid,
          amountCents: servicingPayments.amountCents,
        })
        .from(servicingPayments)
        .where(eq(servicingPayments.uuid, p.paymentUuid));
      if (payment === undefined) throw new HttpError(404, 'PAYMENT_NOT_FOUND', 'Payment not found');
      return {
        subjectId: p.paymentUuid,
        loanUuid: payment.loanUuid,
        amountCents: payment.amountCents,
        summary: `Reverse payment ${p.paymentUuid} of ${centsToUsdString(payment.amountCents)} USD`,
        concerns: [await borrowerOfLoan(tx, cipher, payment.loanUuid)],
      };
    },
    async perform(deps, { payload, agent }) {
      const payment = await reversePayment(deps, {
        paymentUuid: payload.paymentUuid,
        reason: payload.reason,
        actor: agentActor(agent.identityUuid),
      });
      return `Payment ${payment.paymentUuid} ${payment.status.toLowerCase()}`;
    },
  },
  LIQUIDATION_FILL: {
    async describe(tx, cipher, p) {
      const [order] = await tx
        .select({ loanUuid: liquidations.loanUuid, collateralType: servicingLoans.collateralType })
        .from(liquidations)
        .leftJoin(servicingLoans, eq(servicingLoans.loanUuid, liquidations.loanUuid))
        .where(eq(liquidations.uuid, p.liquidationUuid));
      if (order === undefined) {
        throw new HttpError(404, 'LIQUIDATION_NOT_FOUND', 'Liquidation order not found');
      }
      // The desk sells at the market: a fill far from the stored feed is refused, at proposal and approval.
      const [feed] = await tx
        .select({ priceCents: priceObservations.priceCents })
        .from(priceObservations)
        .where(
          and(
            eq(priceObservations.collateralType, order.collateralType ?? 'BTC'),
            eq(priceObservations.accepted, true),
            lte(priceObservations.observedAt, new Date(p.executedAt)),
          ),
        )
        .orderBy(desc(priceObservations.observedAt), desc(priceObservations.id))
        .limit(1);
      const refusal =
        feed === undefined
          ? 'No stored price exists before the fill’s time: the fill cannot be checked.'
          : deskFillPriceRefusal(p.priceCents, feed.priceCents);
      if (refusal !== null) {
        throw new HttpError(400, 'VALIDATION_ERROR', refusal, { priceCents: [refusal] });
      }
      return {
        subjectId: p.liquidationUuid,
        loanUuid: order.loanUuid,
        amountCents: null,
        summary: `Fill of ${p.coinQuantitySold} ${order.collateralType ?? ''} at ${centsToUsdString(p.priceCents)} USD on ${p.venue}, ${p.executedAt}`,
        concerns: [await borrowerOfLoan(tx, cipher, order.loanUuid)],
      };
    },
    async perform(deps, { payload, proposalId, agent }) {
      const { liquidationUuid, ...body } = payload;
      const filled = await recordDeskFill(deps, {
        liquidationUuid,
        body,
        idempotencyKey: keyOf(proposalId),
        actor: agentActor(agent.identityUuid),
      });
      return `Liquidation ${filled.liquidationUuid} filled`;
    },
  },
  SURPLUS_PAYOUT: {
    async describe(tx, cipher, p) {
      return {
        subjectId: p.loanUuid,
        loanUuid: p.loanUuid,
        amountCents: p.amountCents,
        summary: `Surplus of ${centsToUsdString(p.amountCents)} USD wired back ${p.sentOn}, reference ${p.reference}`,
        concerns: [await borrowerOfLoan(tx, cipher, p.loanUuid)],
      };
    },
    async perform(deps, { payload, proposalId, agent }) {
      const { loanUuid, ...body } = payload;
      const payout = await recordSurplusPayout(deps, {
        loanUuid,
        body,
        idempotencyKey: keyOf(proposalId),
        actor: agentActor(agent.identityUuid),
      });
      return `Surplus payout journal ${payout.journalUuid} posted`;
    },
  },
  TAPE_IMPORT: {
    async describe(tx, cipher, p) {
      const parsed = parseRefiTape(p.csv);
      const emails = [...new Set(parsed.rows.map((row) => row.borrowerEmail))];
      const concerns: TPerson[] = [];
      for (const email of emails) concerns.push(await personOfEmail(tx, cipher, email));
      const sha256 = createHash('sha256').update(p.csv).digest('hex');
      return {
        subjectId: sha256,
        loanUuid: null,
        amountCents: null,
        summary: `Import of a tape of ${parsed.rows.length} loan(s), file ${sha256.slice(0, 12)}`,
        concerns,
        concernedMessage: CONCERNED_MESSAGES.ownTapeRow,
      };
    },
    async perform(deps, { payload, agent }) {
      const result = await importRefiTape(deps, {
        csv: payload.csv,
        agentUuid: agent.identityUuid,
      });
      const s = result.summary;
      return result.alreadyImported
        ? 'This file was already imported: nothing changed'
        : `Tape imported: ${s.inserted} new, ${s.updated} updated, ${s.unchanged} unchanged, ${s.locked} locked`;
    },
  },
  TAPE_REASSIGN: {
    async describe(tx, cipher, p) {
      const [loan] = await tx
        .select({
          loanId: refiTapeLoans.loanId,
          matched: refiTapeLoans.matchedIdentityUuid,
          borrowerEmail: refiTapeLoans.borrowerEmail,
          borrowerEmailSealed: refiTapeLoans.borrowerEmailSealed,
          borrowerMailboxDigest: refiTapeLoans.borrowerMailboxDigest,
        })
        .from(refiTapeLoans)
        .where(eq(refiTapeLoans.loanId, p.loanId));
      if (loan === undefined) {
        throw new HttpError(404, 'NOT_FOUND', 'No loan with this id is on the tape');
      }
      const concerns = [await personOfEmail(tx, cipher, openTapeEmail(cipher, loan))];
      if (loan.matched !== null) concerns.push(await personOfIdentity(tx, cipher, loan.matched));
      if (p.borrowerEmail !== null) concerns.push(await personOfEmail(tx, cipher, p.borrowerEmail));
      return {
        subjectId: p.loanId,
        loanUuid: null,
        amountCents: null,
        summary:
          p.borrowerEmail === null
            ? `Clear the borrower of legacy loan ${p.loanId}`
            : `Legacy loan ${p.loanId} to ${p.borrowerEmail}${p.overrideTapeEmail === true ? ' (override of the tape’s e-mail)' : ''}`,
        concerns,
        concernedMessage: CONCERNED_MESSAGES.ownTapeLoan,
      };
    },
    async perform(deps, { payload, agent }) {
      const loan = await setRefiTapeLoanBorrower(deps, {
        loanId: payload.loanId,
        borrowerEmail: payload.borrowerEmail,
        reason: payload.reason,
        overrideTapeEmail: payload.overrideTapeEmail === true,
        agentUuid: agent.identityUuid,
      });
      return `Legacy loan ${loan.loanId} matched to ${payload.borrowerEmail ?? 'nobody'}`;
    },
  },
  ESTATE_PAYOFF: {
    async describe(tx, cipher, p) {
      const [payoff] = await tx
        .select({
          applicationUuid: refiEstatePayoffs.applicationUuid,
          amountCents: refiEstatePayoffs.amountCents,
          status: refiEstatePayoffs.status,
        })
        .from(refiEstatePayoffs)
        .where(eq(refiEstatePayoffs.uuid, p.payoffUuid));
      if (payoff === undefined) throw new HttpError(404, 'NOT_FOUND', 'Payoff not found');
      if (payoff.status === 'CONFIRMED') {
        throw new HttpError(409, 'ESTATE_PAYOFF_CONFIRMED', ESTATE_PAYOFF_CONFIRMED);
      }
      return {
        subjectId: p.payoffUuid,
        loanUuid: payoff.applicationUuid,
        amountCents: payoff.amountCents,
        summary: `Estate paid ${centsToUsdString(payoff.amountCents)} USD, reference ${p.reference}`,
        concerns: [await borrowerOfLoan(tx, cipher, payoff.applicationUuid)],
      };
    },
    async perform(deps, { payload, agent }) {
      const { payoffUuid, ...body } = payload;
      const confirmed = await confirmRefiEstatePayoff(deps, {
        payoffUuid,
        agentUuid: agent.identityUuid,
        body,
      });
      return `Estate payoff ${confirmed.uuid} confirmed`;
    },
  },
  REFI_COIN_RETURN: {
    async describe(tx, cipher, p) {
      // Every confirmed coin, read again at approval; refused while one is still confirming.
      const { row, quantity } = await coinsToReturn(tx, p.appUuid);
      return {
        subjectId: p.appUuid,
        loanUuid: p.appUuid,
        amountCents: null,
        summary: `Return ${quantity} ${row.collateralType} to ${row.returnAddress ?? ''}, transaction ${p.transactionHash}`,
        concerns: [await borrowerOfLoan(tx, cipher, p.appUuid)],
      };
    },
    async perform(deps, { payload, agent }) {
      const { appUuid, ...body } = payload;
      const returned = await recordRefiCoinReturn(deps, {
        appUuid,
        agentUuid: agent.identityUuid,
        body,
      });
      return `${returned.returned?.coinQuantity ?? ''} ${returned.confirmed.type} returned to ${returned.returnAddress ?? ''}`;
    },
  },
  DEACTIVATE_AGENT: {
    async describe(tx, cipher, p) {
      return {
        subjectId: p.email.trim().toLowerCase(),
        loanUuid: null,
        amountCents: null,
        summary: `Deactivate agent ${p.email}`,
        // The agent removed neither proposes nor approves it.
        concerns: [await personOfEmail(tx, cipher, p.email)],
        concernedMessage: CONCERNED_MESSAGES.ownAgentRole,
      };
    },
    async perform(deps, { payload, agent }) {
      await deactivateAgent(deps, {
        agentUuid: agent.identityUuid,
        email: payload.email,
        reason: payload.reason,
      });
      return `Agent ${payload.email} deactivated`;
    },
  },
  PUBLISH_BRAND: {
    describe: (tx, _cipher, p) => describeBrandPublication(tx, p),
    perform: (deps, input) => performBrandPublication(deps, input),
  },
  CREATE_WEBHOOK_ENDPOINT: {
    describe: async (_tx, _cipher, p) => describeWebhookEndpoint(p),
    perform: (deps, input) => performWebhookEndpoint(deps, input),
  },
  CREATE_PARTNER_API_KEY: {
    describe: async (_tx, _cipher, p) => describePartnerApiKey(p),
    perform: (deps, input) => performPartnerApiKey(deps, input),
  },
};

export function handlerOf<K extends TPayloadKind>(
  kind: K,
): TControlledActionHandler<TControlledPayloads[K]> {
  return handlers[kind];
}

export function isPayloadKind(kind: TControlledActionKind): kind is TPayloadKind {
  return kind in handlers;
}
