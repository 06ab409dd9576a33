/**
 * The one way an application changes state. In one transaction it locks the row, asks the domain's
 * state machine whether the event is allowed from the current state, writes the new state and
 * stage (with any columns that change together with them) and appends the audit event. Called
 * with a transaction, it joins it (as a savepoint), so a caller's other writes commit with it.
 */
import {
  fundingIdentityRefusal,
  fundingNeedsApprovedIdentity,
  fundingViolations,
  missingForFunding,
  nextStateOrThrow,
  stageOf,
  type TApplicationEvent,
  type TFundingRequirement,
  type TApplicationState,
  type TTransitionContext,
} from '@pledge/domain';
import { and, eq } from 'drizzle-orm';
import type { TDb } from '../../db/pool.js';
import { applications, auditEvents } from '../../db/schema/index.js';
import { HttpError } from '../../http/errors.js';
import {
  APPLICATION_ENTITY,
  applicationNotFound,
  lockApplicationById,
  type TApplicationRow,
} from './application-record.js';
import { loanFactsOf } from './loan-facts.js';

/**
 * What follows a loan's state inside the transition's transaction (servicing opens and closes the
 * ledger). Servicing reads applications, so it is handed in when the app is built (app.ts) rather
 * than imported here.
 */
export type TOnLoanTransition = (
  tx: TDb,
  input: { application: TApplicationRow; from: TApplicationState; to: TApplicationState; at: Date },
) => Promise<void>;

let onLoanTransition: TOnLoanTransition | undefined;

export function registerOnLoanTransition(hook: TOnLoanTransition): void {
  onLoanTransition = hook;
}

/** Columns a transition may write together with the state; the state machine owns the rest. */
export type TApplicationChanges = Partial<
  Omit<
    typeof applications.$inferInsert,
    'uuid' | 'identityUuid' | 'state' | 'stage' | 'version' | 'createdAt' | 'updatedAt'
  >
>;

export interface TTransitionInput {
  appUuid: string;
  event: TApplicationEvent;
  /** Who: `borrower:<identity uuid>`, `agent:<address>` or `system:<job kind>`. */
  actor: string;
  /** Why, in words for the audit trail; the event's name by default. */
  reason?: string;
  /** Facts the state machine branches on (international, top-up, retry window). */
  context?: TTransitionContext;
  changes?: TApplicationChanges;
  /** Refuse (409) unless the application is still at this version (optimistic locking). */
  expectedVersion?: number;
  /** When; now by default. */
  at?: Date;
}

export interface TTransitionResult {
  from: TApplicationState;
  application: TApplicationRow;
}

export async function applyTransition(
  db: TDb,
  input: TTransitionInput,
): Promise<TTransitionResult> {
  const onTransition = onLoanTransition;
  // Never a transition that servicing does not follow: no hook, no write.
  if (onTransition === undefined) throw new Error('No loan transition hook is registered');
  const at = input.at ?? new Date();
  return db.transaction(async (tx) => {
    const current = await lockApplicationById(tx, input.appUuid);
    if (current === undefined) throw applicationNotFound();
    if (input.expectedVersion !== undefined && current.version !== input.expectedVersion) {
      throw new HttpError(
        409,
        'APPLICATION_CHANGED',
        'The application changed in the meantime. Reload it and try again.',
      );
    }
    const to = nextStateOrThrow(current.state, input.event, input.context);
    await assertFundingRequirements(tx, current, to, input.event);
    const [application] = await tx
      .update(applications)
      .set({
        ...input.changes,
        state: to,
        stage: stageOf(to),
        version: current.version + 1,
        updatedAt: at,
      })
      .where(and(eq(applications.uuid, current.uuid), eq(applications.version, current.version)))
      .returning();
    // The row is locked, so the version cannot have moved; a miss means the lock was not held.
    if (application === undefined) throw new Error('The locked application could not be updated');
    await tx.insert(auditEvents).values({
      entityType: APPLICATION_ENTITY,
      entityId: current.uuid,
      actor: input.actor,
      fromState: current.state,
      toState: to,
      reason: input.reason ?? input.event,
      at,
    });
    // Servicing follows the loan's state in the same transaction (ledger opened, closed).
    await onTransition(tx, { application, from: current.state, to, at });
    return { from: current.state, application };
  });
}

/** States a loan enters only with its collateral counted (and, from release on, everything else). */
const FUNDING_GUARDED_STATES: ReadonlySet<TApplicationState> = new Set([
  'CRYPTO_FUNDING_VERIFY',
  'MANUAL_FUNDING_RELEASE',
  'COMPLETE',
]);

const REQUIREMENT_WORDS: Readonly<Record<TFundingRequirement, string>> = {
  DOCUMENTS: 'the loan documents signed',
  COLLATERAL: 'the full collateral confirmed on chain',
  DISBURSEMENT: 'a verified disbursement account',
};

/**
 * Funding, by an agent or automatically, needs signed documents, confirmed collateral and a verified
 * destination on the residence's rail (the domain's loan invariants), and a new loan becomes COMPLETE
 * only with an approved ID; checked here, with the row locked, so that no path into a funding state
 * skips it.
 */
async function assertFundingRequirements(
  tx: TDb,
  current: TApplicationRow,
  to: TApplicationState,
  event: TApplicationEvent,
): Promise<void> {
  if (!FUNDING_GUARDED_STATES.has(to) || current.state === to) return;
  const recorded = await loanFactsOf(tx, current);
  const facts = {
    ...recorded,
    state: to,
    stage: stageOf(to),
    funded: event === 'FUNDS_RELEASED',
  };
  // The ID is checked when the funds go out; a loan already funded (a returned payoff opens it
  // again) is not held back by it, even one funded before the rule existed.
  const identityViolation = fundingNeedsApprovedIdentity(facts);
  const isIdentityExempt = recorded.funded;
  const violations = fundingViolations(facts).filter(
    (violation) => !(isIdentityExempt && violation === identityViolation),
  );
  if (violations.length === 0) return;
  // The ID is the one requirement the borrower meets after the collateral: say so in its own words.
  const missingFacts = missingForFunding(facts);
  const identityRefusal = fundingIdentityRefusal(facts);
  if (
    missingFacts.length === 0 &&
    identityRefusal !== null &&
    identityViolation !== null &&
    !isIdentityExempt
  ) {
    throw new HttpError(409, 'ID_NOT_APPROVED', identityRefusal);
  }
  const missing = missingFacts.map((requirement) => REQUIREMENT_WORDS[requirement]);
  throw new HttpError(
    409,
    'FUNDING_REQUIREMENTS_MISSING',
    missing.length > 0
      ? `The application cannot move to ${to} yet: it still needs ${missing.join(', ')}.`
      : `The application cannot move to ${to}: ${violations.join('; ')}.`,
  );
}

/** Audit actor names. */
export const actors = {
  borrower: (identityUuid: string) => `borrower:${identityUuid}`,
  agent: (email: string) => `agent:${email}`,
  system: (what: string) => `system:${what}`,
} as const;

/** The audit event of an application its borrower opened: no state before CREATED. */
export async function auditApplicationCreated(
  tx: TDb,
  input: { appUuid: string; identityUuid: string; reason: string; at: Date },
): Promise<void> {
  await tx.insert(auditEvents).values({
    entityType: APPLICATION_ENTITY,
    entityId: input.appUuid,
    actor: actors.borrower(input.identityUuid),
    fromState: null,
    toState: 'CREATED',
    reason: input.reason,
    at: input.at,
  });
}
