/**
 * The agent console's refinancing views and actions: the tape (keyset pages by loan id), matching
 * a legacy loan to a borrower by hand, and the payoffs owed to the old lender's estate with their
 * confirmation (audited; a repeat answers the confirmed payoff unchanged).
 */
import type {
  TGetRefiEstatePayoffsQuery,
  TGetRefiEstatePayoffsResponse,
  TGetRefiTapeLoansQuery,
  TGetRefiTapeLoansResponse,
  TPostConfirmRefiEstatePayoffBody,
  TRefiEstatePayoff,
  TRefiTapeLoan,
} from '@pledge/contract';
import { centsToUsd } from '@pledge/domain';
import { and, asc, desc, eq, gt, inArray, like, notInArray, or, type SQL } from 'drizzle-orm';
import {
  applications,
  auditEvents,
  refiApplicationLoans,
  refiEstatePayoffs,
  refiTapeLoans,
} from '../../db/schema/index.js';
import { HttpError } from '../../http/errors.js';
import { readNewestFirstPage } from '../newest-first-page.js';
import { actors } from '../applications/apply-transition.js';
import { coinText } from '../collateral/collateral-record.js';
import { emailOf, identityByEmail } from '../identity/identity-email.js';
import { REFI_ESTATE_ENTITY } from './complete-refi.js';
import {
  mailboxDigest,
  openTapeEmail,
  tapeEmailReaches,
  tapeMailboxDigestOf,
} from './tape-email.js';
import { REFI_TAPE_ENTITY, type TRefiOpsDeps } from './import-refi-tape.js';

type TTapeRow = typeof refiTapeLoans.$inferSelect;

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

async function tapeViews(deps: TRefiOpsDeps, rows: readonly TTapeRow[]): Promise<TRefiTapeLoan[]> {
  const apps =
    rows.length === 0
      ? []
      : await deps.db
          .select({
            loanId: refiApplicationLoans.loanId,
            appUuid: applications.uuid,
            state: applications.state,
            createdAt: applications.createdAt,
          })
          .from(refiApplicationLoans)
          .innerJoin(applications, eq(applications.uuid, refiApplicationLoans.applicationUuid))
          .where(
            inArray(
              refiApplicationLoans.loanId,
              rows.map((row) => row.loanId),
            ),
          )
          .orderBy(desc(applications.createdAt));
  return rows.map((row) => ({
    loanId: row.loanId,
    borrowerEmail: openTapeEmail(deps.cipher, row),
    matchedIdentityUuid: row.matchedIdentityUuid,
    collateralType: row.collateralType,
    collateralQuantity: coinText(row.collateralQuantity),
    principalOutstanding: centsToUsd(row.principalCents),
    jurisdiction: row.jurisdiction,
    passportOnFile: row.passportOnFile,
    custodyArrangement: row.custodyArrangement,
    status: row.status,
    source: row.source,
    appUuid:
      row.source === 'SANDBOX'
        ? null
        : (apps.find((app) => app.loanId === row.loanId && app.state !== 'CANCELLED')?.appUuid ??
          null),
    updatedAt: row.updatedAt.toISOString(),
  }));
}

export async function listRefiTapeLoans(
  deps: TRefiOpsDeps,
  query: TGetRefiTapeLoansQuery,
): Promise<TGetRefiTapeLoansResponse> {
  const filters: SQL[] = [];
  if (query.status !== undefined) filters.push(eq(refiTapeLoans.status, query.status));
  if (query.search !== undefined) {
    const prefix = `${escapeLike(query.search)}%`;
    // By the loan id's start, or by the whole address (any spelling of its mailbox).
    const match = or(
      like(refiTapeLoans.loanId, prefix),
      tapeEmailReaches(deps.cipher, query.search),
    );
    if (match !== undefined) filters.push(match);
  }
  if (query.cursor !== undefined) filters.push(gt(refiTapeLoans.loanId, query.cursor));
  const rows = await deps.db
    .select()
    .from(refiTapeLoans)
    .where(and(...filters))
    .orderBy(asc(refiTapeLoans.loanId))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  return {
    items: await tapeViews(deps, page),
    nextCursor: rows.length > query.limit ? (page[page.length - 1]?.loanId ?? null) : null,
  };
}

export const TAPE_REASSIGN_MESSAGES = {
  inRefinancing:
    'This legacy loan is being refinanced (or was): its borrower cannot change. Cancel that refinancing first.',
  notTapeEmail:
    'This is not the e-mail on the tape: tick the override and give the evidence in the reason.',
} as const;

/**
 * Sets who may refinance a legacy loan (the approval of a TAPE_REASSIGN controlled action): never
 * while a refinancing of it is open or done, and to an address other than the tape's only with the
 * agents' documented override.
 */
export async function setRefiTapeLoanBorrower(
  deps: TRefiOpsDeps,
  input: {
    loanId: string;
    borrowerEmail: string | null;
    reason: string;
    overrideTapeEmail: boolean;
    agentUuid: string;
  },
): Promise<TRefiTapeLoan> {
  const now = deps.clock();
  const row = await deps.db.transaction(async (tx) => {
    const [loan] = await tx
      .select()
      .from(refiTapeLoans)
      .where(eq(refiTapeLoans.loanId, input.loanId))
      .for('update');
    if (loan === undefined)
      throw new HttpError(404, 'NOT_FOUND', 'No loan with this id is on the tape');
    if (loan.source === 'SANDBOX') {
      throw new HttpError(
        409,
        'SANDBOX_LOAN',
        'Sandbox loans answer every borrower and cannot be matched',
      );
    }
    // Who owns a legacy loan does not change under a refinancing of it, nor after one.
    const [live] = await tx
      .select({ uuid: refiApplicationLoans.applicationUuid })
      .from(refiApplicationLoans)
      .innerJoin(applications, eq(applications.uuid, refiApplicationLoans.applicationUuid))
      .where(
        and(
          eq(refiApplicationLoans.loanId, input.loanId),
          notInArray(applications.state, ['DECLINED', 'CANCELLED']),
        ),
      )
      .limit(1);
    if (live !== undefined || loan.status === 'REFINANCED') {
      throw new HttpError(409, 'TAPE_LOAN_IN_REFINANCING', TAPE_REASSIGN_MESSAGES.inRefinancing);
    }
    if (
      input.borrowerEmail !== null &&
      mailboxDigest(deps.cipher, input.borrowerEmail) !== tapeMailboxDigestOf(deps.cipher, loan) &&
      !input.overrideTapeEmail
    ) {
      const message = TAPE_REASSIGN_MESSAGES.notTapeEmail;
      throw new HttpError(400, 'VALIDATION_ERROR', message, { borrowerEmail: [message] });
    }
    let matched: string | null = null;
    if (input.borrowerEmail !== null) {
      const identity = await identityByEmail(tx, deps.cipher, input.borrowerEmail);
      if (identity === undefined) {
        const message = 'No borrower has signed up with this e-mail';
        throw new HttpError(400, 'VALIDATION_ERROR', message, { borrowerEmail: [message] });
      }
      matched = identity.uuid;
    }
    const agentEmail = await emailOf(tx, deps.cipher, input.agentUuid);
    const [updated] = await tx
      .update(refiTapeLoans)
      .set({ matchedIdentityUuid: matched, updatedAt: now })
      .where(eq(refiTapeLoans.loanId, input.loanId))
      .returning();
    await tx.insert(auditEvents).values({
      entityType: REFI_TAPE_ENTITY,
      entityId: input.loanId,
      actor: actors.agent(agentEmail ?? input.agentUuid),
      fromState: loan.matchedIdentityUuid,
      toState: matched,
      reason: `${matched === null ? 'borrower match cleared' : 'borrower matched by agents'}${input.overrideTapeEmail ? ' (override of the tape’s e-mail)' : ''}: ${input.reason}`,
      at: now,
    });
    if (updated === undefined) throw new Error('The tape row vanished');
    return updated;
  });
  const [view] = await tapeViews(deps, [row]);
  if (view === undefined) throw new Error('No tape view was built');
  return view;
}

function payoffView(row: typeof refiEstatePayoffs.$inferSelect): TRefiEstatePayoff {
  return {
    uuid: row.uuid,
    appUuid: row.applicationUuid,
    celsiusLoanIds: row.loanIds,
    amount: centsToUsd(row.amountCents),
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    confirmedAt: row.confirmedAt?.toISOString() ?? null,
    confirmedBy: row.confirmedByEmail,
    reference: row.reference,
    note: row.note,
  };
}

export async function listRefiEstatePayoffs(
  deps: TRefiOpsDeps,
  query: TGetRefiEstatePayoffsQuery,
): Promise<TGetRefiEstatePayoffsResponse> {
  const { page, nextCursor } = await readNewestFirstPage(
    deps.db.select().from(refiEstatePayoffs).$dynamic(),
    query.status === undefined ? undefined : eq(refiEstatePayoffs.status, query.status),
    query,
    {
      time: refiEstatePayoffs.createdAt,
      key: refiEstatePayoffs.uuid,
      cursorOf: (row) => ({ time: row.createdAt, key: row.uuid }),
    },
  );
  return { items: page.map(payoffView), nextCursor };
}

export async function confirmRefiEstatePayoff(
  deps: TRefiOpsDeps,
  input: { payoffUuid: string; agentUuid: string; body: TPostConfirmRefiEstatePayoffBody },
): Promise<TRefiEstatePayoff> {
  const now = deps.clock();
  return deps.db.transaction(async (tx) => {
    const [payoff] = await tx
      .select()
      .from(refiEstatePayoffs)
      .where(eq(refiEstatePayoffs.uuid, input.payoffUuid))
      .for('update');
    if (payoff === undefined) throw new HttpError(404, 'NOT_FOUND', 'Payoff not found');
    if (payoff.status === 'CONFIRMED') return payoffView(payoff);
    const agentEmail = await emailOf(tx, deps.cipher, input.agentUuid);
    if (agentEmail === undefined) throw new HttpError(401, 'UNAUTHENTICATED', 'Sign in again.');
    const [updated] = await tx
      .update(refiEstatePayoffs)
      .set({
        status: 'CONFIRMED',
        confirmedAt: now,
        confirmedBy: input.agentUuid,
        confirmedByEmail: agentEmail,
        reference: input.body.reference,
        note: input.body.note ?? null,
      })
      .where(eq(refiEstatePayoffs.uuid, payoff.uuid))
      .returning();
    if (updated === undefined) throw new Error('The payoff vanished');
    await tx.insert(auditEvents).values({
      entityType: REFI_ESTATE_ENTITY,
      entityId: payoff.uuid,
      actor: actors.agent(agentEmail),
      fromState: 'OWED',
      toState: 'CONFIRMED',
      reason: `estate payoff confirmed, reference ${input.body.reference}`,
      at: now,
    });
    return payoffView(updated);
  });
}
