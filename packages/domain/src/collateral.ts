/**
 * Collateral rules of document 1 §4 and §8: when the release of collateral can be requested, when
 * a deposit is reported as not found, the deposit address for display, and the coin still due.
 */
import type { TStage, TWithdrawalResult } from './enums.js';
import {
  COLLATERAL_DEADLINE_CALENDAR_DAYS,
  COLLATERAL_NOT_FOUND_AFTER_HOURS,
  DEPOSIT_ADDRESS_DISPLAY_CHARS,
} from './constants/limits.js';
import { Decimal, toCoinQuantity } from './money.js';

const MS_PER_HOUR = 60 * 60 * 1000;
const MS_PER_DAY = 24 * MS_PER_HOUR;

export type TCollateralReleaseRequest = { readonly requestId: string; readonly address: string };
export type TCollateralReleaseResponse = {
  readonly id: string;
  readonly result: TWithdrawalResult;
};

/**
 * Ready for a return address: the loan is in stage COLLATERAL_RELEASE and either no release was
 * requested or the request's answer is WITHDRAWAL_FAILED. A response belongs to the request whose
 * requestId equals its id; a request without a response is still being processed.
 */
export function isCollateralReleaseReady(input: {
  stage: TStage;
  releaseRequest: TCollateralReleaseRequest | null | undefined;
  releaseResponses: readonly TCollateralReleaseResponse[] | null | undefined;
}): boolean {
  if (input.stage !== 'COLLATERAL_RELEASE') return false;
  if (!input.releaseRequest) return true;
  const { requestId } = input.releaseRequest;
  const response = input.releaseResponses?.find((candidate) => candidate.id === requestId);
  return response?.result === 'WITHDRAWAL_FAILED';
}

function toInstant(value: Date | string): number {
  return typeof value === 'string' ? Date.parse(value) : value.getTime();
}

/**
 * 'Collateral not found' (document 1 §8): nothing has arrived and the borrower said they sent it
 * more than COLLATERAL_NOT_FOUND_AFTER_HOURS ago.
 */
export function isCollateralNotFound(input: {
  balance: string | null | undefined;
  optInAt: Date | string | null | undefined;
  now: Date | string;
}): boolean {
  const hasBalance = input.balance != null && toCoinQuantity(input.balance).greaterThan(0);
  if (hasBalance || input.optInAt == null) return false;
  const elapsedMs = toInstant(input.now) - toInstant(input.optInAt);
  return elapsedMs > COLLATERAL_NOT_FOUND_AFTER_HOURS * MS_PER_HOUR;
}

/** The deposit address cut to DEPOSIT_ADDRESS_DISPLAY_CHARS, with an ellipsis when it was cut. */
export function truncateDepositAddress(address: string): string {
  return address.length > DEPOSIT_ADDRESS_DISPLAY_CHARS
    ? `${address.slice(0, DEPOSIT_ADDRESS_DISPLAY_CHARS)}…`
    : address;
}

/** Coin still to deposit: required minus balance, never below zero, exact ("0.25"). */
export function remainingCoinDue(
  required: string | Decimal,
  balance: string | Decimal | null | undefined,
): string {
  const due = toCoinQuantity(required).minus(balance == null ? 0 : toCoinQuantity(balance));
  return Decimal.max(due, 0).toFixed();
}

/**
 * Collateral is due within COLLATERAL_DEADLINE_CALENDAR_DAYS of signing the loan agreement; the
 * deadline is that many whole days (of 24 h) after the last signature.
 */
export function collateralDeadlineAt(signedAt: Date | string): Date {
  return new Date(toInstant(signedAt) + COLLATERAL_DEADLINE_CALENDAR_DAYS * MS_PER_DAY);
}

/** Past the deadline with the collateral still short: the application is cancelled (UNFUNDED_TIMEOUT). */
export function isCollateralOverdue(input: {
  signedAt: Date | string;
  now: Date | string;
}): boolean {
  return toInstant(input.now) > collateralDeadlineAt(input.signedAt).getTime();
}
