import type { TCoinAmount } from '@pledge/contract';
import {
  COIN_DISPLAY_DECIMALS,
  COLLATERAL_DISPLAY_NAMES,
  formatCoin,
  localLongMomentInWords,
  localMomentInWords,
  type TBusinessDayRange,
  type TCollateralType,
} from '@pledge/domain';

/** "0.4 BTC": the exact quantity the server gave. */
export function coinAmountText({ coinQuantity, type }: TCoinAmount): string {
  return `${coinQuantity} ${type}`;
}

/** "Bitcoin (BTC)" */
export function coinName(type: TCollateralType): string {
  return `${COLLATERAL_DISPLAY_NAMES[type]} (${type})`;
}

/** A transaction's amount: COIN_DISPLAY_DECIMALS decimals (document 1 §9), "0.1235 BTC". */
export function transactionAmountText(coinQuantity: string, type: TCollateralType): string {
  return `${formatCoin(coinQuantity, COIN_DISPLAY_DECIMALS)} ${type}`;
}

/** "Mar 6, 2025, 3:30 PM", in the borrower's time zone. */
export function formatDateTime(value: Date | string): string {
  return localMomentInWords(value);
}

/** "March 6, 2025 at 3:30 PM", in the borrower's time zone. */
export function formatDeadline(value: Date): string {
  return localLongMomentInWords(value);
}

/** "3-5 business days" */
export function businessDaysText({ min, max }: TBusinessDayRange): string {
  return min === max ? `${min} business days` : `${min}-${max} business days`;
}
