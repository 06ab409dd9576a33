/** A servicing test world: the app, a sandbox loan for a signed-in borrower, the sweep on the sandbox clock. */
import type {
  TCollateralInfo,
  TGetLoanStatusResponse,
  TLoanStatus,
  TPayoffQuote,
  TPostSandboxClockBody,
  TSandboxClockResponse,
  TPostSandboxLoanResponse,
  TServicingLoan,
  TServicingPayment,
} from '@pledge/contract';
import { randomUUID } from 'node:crypto';
import type { TPaymentPurpose } from '@pledge/domain';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, expect } from 'vitest';
import type { TBankPaymentsPort } from '../../src/adapters/bank-payments/port.js';
import { createSandboxBankPayments } from '../../src/adapters/bank-payments/sandbox.js';
import { createEncryptedStore } from '../../src/adapters/storage/encrypted.js';
import {
  applications,
  collateralReleaseRequests,
  servicingLoans,
  servicingPayments,
} from '../../src/db/schema/index.js';
import { createFieldCipher } from '../../src/security/field-encryption.js';
import {
  provisionAgents,
  SANDBOX_AGENT_EMAIL,
  SANDBOX_SECOND_AGENT_EMAIL,
} from '../../src/services/identity/agents.js';
import { createSandboxClock } from '../../src/services/sandbox/sandbox-clock.js';
import { deliverStatement } from '../../src/services/servicing/deliver-statement.js';
import { runServicingSweep } from '../../src/services/servicing/run-servicing-sweep.js';
import { settlePendingPayments } from '../../src/services/servicing/settle-payments.js';
import {
  appPath,
  bearer,
  createApplicationsTestContext,
  type TApplicationsTestContext,
} from '../applications/helpers.js';
import { TEST_ENCRYPTION_KEY } from '../helpers/app.js';
import { mailbox, signIn } from '../identity/sign-in.js';
import { expectJson } from '../ops/helpers.js';

export const LOANS = '/provenance/borrower/servicing/v2/loans';
export const BTC_RETURN_ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';

/**
 * Both sandbox agents as active agents, as the sandbox deployment seeds them at boot: POST
 * /sandbox/loans funds a loan through them (one proposes the release, the other approves it), and
 * an approval is refused when its maker is not an active agent.
 */
export async function provisionSandboxAgents(ctx: TApplicationsTestContext): Promise<void> {
  await provisionAgents(ctx.database.db, createFieldCipher(TEST_ENCRYPTION_KEY), [
    SANDBOX_AGENT_EMAIL,
    SANDBOX_SECOND_AGENT_EMAIL,
  ]);
}

/** A test file's own app with BTC at $60,000. */
export async function openServicingWorld(): Promise<TApplicationsTestContext> {
  const ctx = await createApplicationsTestContext();
  await setBtcPrice(ctx, 60_000);
  return ctx;
}

/**
 * A test file's own app with BTC at $60,000 and the sandbox clock a little after midnight (UTC), so
 * that no run of a test that works on the clock's day crosses one while it works.
 */
export async function openServicingWorldAtDayStart(): Promise<TApplicationsTestContext> {
  const ctx = await openServicingWorld();
  const clock = createSandboxClock(ctx.database.db);
  await clock.refresh();
  const msToNextDay = 86_400_000 - (clock.now().getTime() % 86_400_000);
  await advanceClockHours(ctx, (msToNextDay + 5 * 60_000) / 3_600_000);
  return ctx;
}

let borrowers = 0;

export interface TTestLoan {
  loanUuid: string;
  token: string;
  email: string;
}

export async function sandboxLoan(
  ctx: TApplicationsTestContext,
  body: { drawAmount?: number; coinQuantity?: string; state?: string } = {},
): Promise<TTestLoan> {
  borrowers += 1;
  const email = `servicing-${borrowers}-${Date.now()}@example.com`;
  await provisionSandboxAgents(ctx);
  const { loanUuid } = await fundedSandboxLoan(ctx, { email, ...body });
  return { loanUuid, email, token: await signIn(ctx.app, email) };
}

/** `N` test loans, as a tuple (each one is there). */
type TTestLoans<N extends number, R extends TTestLoan[] = []> = R['length'] extends N
  ? R
  : TTestLoans<N, [...R, TTestLoan]>;

/**
 * `count` sandbox loans, each of a borrower of its own, made one after the other before the tests.
 * Destructure them at collection; they are filled in before the first test.
 */
export function useSandboxLoans<N extends number>(
  ctx: TApplicationsTestContext,
  count: N,
  timeoutMs = 120_000,
): TTestLoans<N> {
  const loans = Array.from({ length: count }, () => ({}) as TTestLoan);
  beforeAll(async () => {
    for (const loan of loans) Object.assign(loan, await sandboxLoan(ctx));
  }, timeoutMs);
  return loans as TTestLoans<N>;
}

/**
 * POST /sandbox/loans for `email`: a funded loan of 1 BTC, $20,000 drawn, in Ohio, unless said
 * otherwise (a country instead of the state). The sandbox agents must be active.
 */
export async function fundedSandboxLoan(
  ctx: TApplicationsTestContext,
  body: {
    email: string;
    coinQuantity?: string;
    drawAmount?: number;
    state?: string;
    countryCode?: string;
  },
): Promise<TPostSandboxLoanResponse> {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/sandbox/loans',
    payload: {
      email: body.email,
      collateralType: 'BTC',
      coinQuantity: body.coinQuantity ?? '1',
      drawAmount: body.drawAmount ?? 20_000,
      ...(body.countryCode === undefined
        ? { state: body.state ?? 'OH' }
        : { countryCode: body.countryCode }),
    },
  });
  return expectJson(response, 201) as TPostSandboxLoanResponse;
}

export async function getLoan(
  ctx: TApplicationsTestContext,
  loan: TTestLoan,
): Promise<TServicingLoan> {
  const response = await ctx.app.inject({
    method: 'GET',
    url: `${LOANS}/${loan.loanUuid}`,
    headers: bearer(loan.token),
  });
  return expectJson(response, 200) as TServicingLoan;
}

/**
 * Moves the sandbox clock on by `hours` and answers the deployment's new time; the borrowers'
 * sessions may have ended by then, so they sign in again.
 */
export async function advanceClockHours(
  ctx: TApplicationsTestContext,
  hours: number,
  borrowers: readonly Pick<TTestLoan, 'email' | 'token'>[] = [],
): Promise<Date> {
  const body: TPostSandboxClockBody = { advanceHours: hours };
  const response = await ctx.app.inject({ method: 'POST', url: '/sandbox/clock', payload: body });
  expect(response.statusCode).toBe(200);
  for (const borrower of borrowers) borrower.token = await signIn(ctx.app, borrower.email);
  return new Date((response.json() as TSandboxClockResponse).now);
}

/** Moves the sandbox clock; the loans' sessions have ended by then, so their borrowers sign in again. */
export async function advanceDays(
  ctx: TApplicationsTestContext,
  days: number,
  ...loans: TTestLoan[]
): Promise<void> {
  await advanceClockHours(ctx, days * 24, loans);
}

/** The sandbox's prices (USD per coin); a coin left out keeps its price. */
export async function setPrices(
  ctx: TApplicationsTestContext,
  prices: { BTC?: number; ETH?: number },
): Promise<void> {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/sandbox/prices',
    payload: prices,
  });
  expect(response.statusCode).toBeLessThan(300);
}

export async function setBtcPrice(ctx: TApplicationsTestContext, usd: number): Promise<void> {
  await setPrices(ctx, { BTC: usd });
}

/**
 * The ACH settlement sweep on the deployment's clock, against the bank `bankOn` makes on that
 * clock (the sandbox bank unless given).
 */
export async function settleDebits(
  ctx: TApplicationsTestContext,
  bankOn: (now: () => Date) => TBankPaymentsPort = createSandboxBankPayments,
): Promise<void> {
  const clock = createSandboxClock(ctx.database.db);
  await clock.refresh();
  await settlePendingPayments({
    db: ctx.database.db,
    cipher: createFieldCipher(TEST_ENCRYPTION_KEY),
    bankPayments: bankOn(clock.now),
    clock: clock.now,
    sandbox: true,
  });
}

/**
 * What the jobs would do: the sweep on the deployment's clock, statements delivered, ACH settled
 * (unless `settle` is false).
 */
export async function runSweep(ctx: TApplicationsTestContext, { settle = true } = {}) {
  const clock = createSandboxClock(ctx.database.db);
  await clock.refresh();
  const cipher = createFieldCipher(TEST_ENCRYPTION_KEY);
  const deps = {
    db: ctx.database.db,
    cipher,
    clock: clock.now,
    sandbox: true,
    bankPayments: createSandboxBankPayments(clock.now),
    prices: ctx.adapters.prices,
    store: createEncryptedStore(ctx.adapters.storage, cipher),
  };
  const result = await runServicingSweep(deps);
  const pending = await ctx.database.db.execute<{ uuid: string }>(
    sql`SELECT uuid FROM servicing_statements WHERE pdf_key IS NULL`,
  );
  for (const row of pending.rows) await deliverStatement(deps, row.uuid);
  if (settle) await settlePendingPayments(deps);
  return result;
}

export function mailTo(ctx: TApplicationsTestContext, email: string) {
  return mailbox(ctx.app, email);
}

export function idempotency(key: string) {
  return { 'idempotency-key': key };
}

/** The borrower pays `amountCents` by ACH debit from the loan page (pending until it settles). */
/** The borrower's payment by debit of `amountCents` under Idempotency-Key `key`, as answered. */
export function requestPayment(
  ctx: TApplicationsTestContext,
  loan: Pick<TTestLoan, 'loanUuid' | 'token'>,
  amountCents: number,
  key: string,
  options: { remoteAddress?: string } = {},
) {
  return ctx.app.inject({
    method: 'POST',
    url: `${LOANS}/${loan.loanUuid}/payments`,
    headers: { ...bearer(loan.token), ...idempotency(key) },
    payload: { amountCents },
    ...(options.remoteAddress !== undefined ? { remoteAddress: options.remoteAddress } : {}),
  });
}

/** The borrower's loans as their dashboard lists them. */
export async function loanStatuses(ctx: TApplicationsTestContext, token: string) {
  const response = await ctx.app.inject({
    method: 'GET',
    url: '/provenance/borrower/servicing/v2/loanStatus',
    headers: bearer(token),
  });
  return (expectJson(response, 200) as TGetLoanStatusResponse).loans;
}

/** A loan's card on its borrower's dashboard. */
export async function dashboardLoan(
  ctx: TApplicationsTestContext,
  loan: TTestLoan,
): Promise<TLoanStatus> {
  const found = (await loanStatuses(ctx, loan.token)).find(
    (entry) => entry.loanUuid === loan.loanUuid,
  );
  if (found === undefined) throw new Error('the loan is not on the dashboard');
  return found;
}

/** The borrower's deferral of the current period's interest under Idempotency-Key `key`, as answered. */
export function requestDeferral(
  ctx: TApplicationsTestContext,
  loan: Pick<TTestLoan, 'loanUuid' | 'token'>,
  key: string,
) {
  return ctx.app.inject({
    method: 'POST',
    url: `${LOANS}/${loan.loanUuid}/deferrals`,
    headers: { ...bearer(loan.token), ...idempotency(key) },
  });
}

export async function payByDebit(
  ctx: TApplicationsTestContext,
  loan: TTestLoan,
  amountCents: number,
  key: string,
): Promise<TServicingPayment> {
  return expectJson(await requestPayment(ctx, loan, amountCents, key), 201) as TServicingPayment;
}

/** The borrower's payoff quote, as answered. */
export function requestPayoffQuote(ctx: TApplicationsTestContext, loan: TTestLoan) {
  return ctx.app.inject({
    method: 'POST',
    url: `${LOANS}/${loan.loanUuid}/payoff-quote`,
    headers: bearer(loan.token),
  });
}

export async function payoffQuote(
  ctx: TApplicationsTestContext,
  loan: TTestLoan,
): Promise<TPayoffQuote> {
  const response = await requestPayoffQuote(ctx, loan);
  return expectJson(response, 201) as TPayoffQuote;
}

/** The borrower pays the quote off by ACH debit, as answered. */
export function requestPayOff(
  ctx: TApplicationsTestContext,
  loan: TTestLoan,
  quoteUuid: string,
  key: string,
) {
  return ctx.app.inject({
    method: 'POST',
    url: `${LOANS}/${loan.loanUuid}/payoff`,
    headers: { ...bearer(loan.token), ...idempotency(key) },
    payload: { quoteUuid },
  });
}

export async function payOff(
  ctx: TApplicationsTestContext,
  loan: TTestLoan,
  quote: TPayoffQuote,
  key: string,
): Promise<void> {
  const response = await requestPayOff(ctx, loan, quote.quoteUuid, key);
  expect(response.statusCode, response.body).toBe(201);
}

/** The loan's collateral page, as its borrower reads it. */
export async function collateralOf(
  ctx: TApplicationsTestContext,
  loan: TTestLoan,
): Promise<TCollateralInfo> {
  const response = await ctx.app.inject({
    method: 'GET',
    url: appPath(loan.loanUuid, '/collateral'),
    headers: bearer(loan.token),
  });
  return expectJson(response, 200) as TCollateralInfo;
}

/** The borrower asks for the collateral back to their BTC return address. */
export function requestRelease(ctx: TApplicationsTestContext, loan: TTestLoan) {
  return ctx.app.inject({
    method: 'POST',
    url: appPath(loan.loanUuid, '/collateral/release'),
    headers: bearer(loan.token),
    payload: { returnAddress: BTC_RETURN_ADDRESS },
  });
}

/** The loan's payment rows, as recorded. */
export function paymentRowsOf(ctx: TApplicationsTestContext, loanUuid: string) {
  return ctx.database.db
    .select()
    .from(servicingPayments)
    .where(eq(servicingPayments.loanUuid, loanUuid));
}

/** The loan's collateral release requests, as recorded. */
export function releaseRequestsOf(ctx: TApplicationsTestContext, loanUuid: string) {
  return ctx.database.db
    .select()
    .from(collateralReleaseRequests)
    .where(eq(collateralReleaseRequests.applicationUuid, loanUuid));
}

/** A release request recorded open (as one taken before the payoff's hold was), due on `scheduledFor`. */
export async function openReleaseRequest(
  ctx: TApplicationsTestContext,
  loan: TTestLoan,
  scheduledFor: Date,
) {
  const [request] = await ctx.database.db
    .insert(collateralReleaseRequests)
    .values({
      applicationUuid: loan.loanUuid,
      address: BTC_RETURN_ADDRESS,
      result: 'SUCCESS',
      amount: '1',
      requestedBy: 'borrower',
      scheduledFor,
    })
    .returning();
  if (request === undefined) throw new Error('The release was not recorded');
  return request;
}

/** The loan's application state and stage, and its servicing status. */
export async function loanStates(ctx: TApplicationsTestContext, loanUuid: string) {
  const [application] = await ctx.database.db
    .select({ state: applications.state, stage: applications.stage })
    .from(applications)
    .where(eq(applications.uuid, loanUuid));
  const [servicing] = await ctx.database.db
    .select({ status: servicingLoans.status })
    .from(servicingLoans)
    .where(eq(servicingLoans.loanUuid, loanUuid));
  return { state: application?.state, stage: application?.stage, status: servicing?.status };
}

/**
 * A payment written and never sent to the bank (pending, no transfer): what a process that stopped
 * between the payment's two transactions leaves, for the settlement sweep to send.
 */
export async function paymentInFlight(
  ctx: TApplicationsTestContext,
  loanUuid: string,
  options: {
    amountCents: number;
    purpose?: TPaymentPurpose;
    key?: string;
    createdAt?: Date;
  },
) {
  const uuid = randomUUID();
  const [payment] = await ctx.database.db
    .insert(servicingPayments)
    .values({
      uuid,
      loanUuid,
      method: 'ACH',
      purpose: options.purpose ?? 'PAYMENT',
      amountCents: options.amountCents,
      status: 'PENDING',
      idempotencyKey: options.key ?? `in-flight-${uuid}`,
      actor: 'test',
      createdAt: options.createdAt ?? new Date(),
    })
    .returning();
  if (payment === undefined) throw new Error('The payment was not written');
  return payment;
}
