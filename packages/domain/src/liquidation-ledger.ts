/**
 * What a liquidation's fill does to the loan (issue "Servicing, part 2"): the proceeds of the coins
 * actually sold at the price actually got, the 2 % processing fee on them, what reduces the balance,
 * the surplus owed back to the borrower, the ledger journal that records it, and the loan's status
 * afterwards. The same arithmetic as the plan (liquidationPlan), applied to the fill.
 */
import { DomainError } from './errors.js';
import { paymentJournal, type TBalances, type TJournal, type TLedgerLeg } from './ledger.js';
import { saleFigures, type TSaleFigures } from './loan-risk.js';
import { Decimal, formatUsd, toCoinQuantity } from './money.js';

export type TLiquidationFillFigures = TSaleFigures;

export const LIQUIDATION_FILL_MESSAGES = {
  quantityPositive: 'Enter a quantity sold above 0',
  quantityAboveOrder: (toSell: string) => `Sell no more than the order's ${toSell}`,
  quantityAboveCollateral: (held: string) => `The loan holds only ${held}`,
  pricePositive: 'Give the fill price',
  executedInFuture: 'The sale cannot have executed in the future',
  proceedsNone: 'The quantity at this price is worth less than a cent',
} as const;

/**
 * The figures of a fill: `coinQuantityHeld` is the collateral before the sale, `balanceCents` what
 * the borrower owes (every receivable) when the fill is recorded.
 */
export function liquidationFillFigures(input: {
  balanceCents: number;
  coinQuantityHeld: Decimal | string;
  coinQuantitySold: Decimal | string;
  priceCents: number;
}): TLiquidationFillFigures {
  const { balanceCents, priceCents } = input;
  if (!Number.isSafeInteger(balanceCents) || balanceCents < 0) {
    throw new DomainError('INVALID_AMOUNT', 'A balance is a non-negative whole number of cents');
  }
  if (!Number.isSafeInteger(priceCents) || priceCents <= 0) {
    throw new DomainError('INVALID_PRICE', LIQUIDATION_FILL_MESSAGES.pricePositive);
  }
  const held = toCoinQuantity(input.coinQuantityHeld);
  const sold = toCoinQuantity(input.coinQuantitySold);
  if (sold.isZero()) {
    throw new DomainError('INVALID_COIN_QUANTITY', LIQUIDATION_FILL_MESSAGES.quantityPositive);
  }
  if (sold.gt(held)) {
    throw new DomainError(
      'INVALID_COIN_QUANTITY',
      LIQUIDATION_FILL_MESSAGES.quantityAboveCollateral(held.toFixed(8)),
    );
  }
  const figures = saleFigures({
    balanceCents,
    coinQuantityHeld: held,
    coinQuantitySold: sold,
    priceCents,
  });
  if (figures.proceedsCents <= 0) {
    throw new DomainError('INVALID_AMOUNT', LIQUIDATION_FILL_MESSAGES.proceedsNone);
  }
  return figures;
}

/**
 * The LIQUIDATION journal: the proceeds in (LIQUIDATION_PROCEEDS), the fee to FEE_INCOME, the applied
 * amount off the receivables in the order payments use (fees, accrued interest, deferred interest,
 * the capitalised fee, principal), and any surplus owed back to the borrower (SURPLUS_PAYABLE).
 */
export function liquidationJournal(
  balances: TBalances,
  figures: TLiquidationFillFigures,
): TJournal {
  if (figures.appliedCents > balances.totalCents) {
    throw new DomainError('PAYMENT_ABOVE_BALANCE', 'The liquidation applies more than is owed');
  }
  const legs: TLedgerLeg[] = [
    { account: 'LIQUIDATION_PROCEEDS', amountCents: figures.proceedsCents },
  ];
  if (figures.feeCents > 0) legs.push({ account: 'FEE_INCOME', amountCents: -figures.feeCents });
  if (figures.appliedCents > 0) {
    // The receivable legs of a payment of the applied amount: the same order, to the cent.
    const applied = paymentJournal(balances, figures.appliedCents).legs.filter(
      (leg) => leg.account !== 'CASH',
    );
    legs.push(...applied);
  }
  if (figures.surplusCents > 0) {
    legs.push({ account: 'SURPLUS_PAYABLE', amountCents: -figures.surplusCents });
  }
  return { kind: 'LIQUIDATION', legs };
}

/**
 * Field problems of a fill the desk reports, in the contract's field names; empty when it is
 * acceptable. The sale sells at most what the order asked and what the loan holds, at a positive
 * price, and executed no later than now (the deployment's clock).
 */
export function liquidationFillProblems(input: {
  coinQuantitySold: string;
  coinQuantityToSell: string;
  coinQuantityHeld: string;
  collateralType: string;
  priceCents: number;
  executedAt: Date;
  now: Date;
}): Record<string, string[]> {
  const problems: Record<string, string[]> = {};
  const add = (field: string, message: string) => {
    (problems[field] ??= []).push(message);
  };
  const sold = toCoinQuantity(input.coinQuantitySold);
  const toSell = toCoinQuantity(input.coinQuantityToSell);
  const held = toCoinQuantity(input.coinQuantityHeld);
  if (sold.isZero()) add('coinQuantitySold', LIQUIDATION_FILL_MESSAGES.quantityPositive);
  if (sold.gt(toSell)) {
    add(
      'coinQuantitySold',
      LIQUIDATION_FILL_MESSAGES.quantityAboveOrder(`${toSell.toFixed(8)} ${input.collateralType}`),
    );
  }
  if (sold.gt(held)) {
    add(
      'coinQuantitySold',
      LIQUIDATION_FILL_MESSAGES.quantityAboveCollateral(
        `${held.toFixed(8)} ${input.collateralType}`,
      ),
    );
  }
  if (!Number.isSafeInteger(input.priceCents) || input.priceCents <= 0) {
    add('priceCents', LIQUIDATION_FILL_MESSAGES.pricePositive);
  } else if (
    !sold.isZero() &&
    sold.times(input.priceCents).toDecimalPlaces(0, Decimal.ROUND_HALF_UP).isZero()
  ) {
    add('priceCents', LIQUIDATION_FILL_MESSAGES.proceedsNone);
  }
  if (input.executedAt.getTime() > input.now.getTime()) {
    add('executedAt', LIQUIDATION_FILL_MESSAGES.executedInFuture);
  }
  return problems;
}

/**
 * The loan after a fill: closed (LIQUIDATED) when nothing is owed any more or no collateral remains,
 * otherwise open again (ACTIVE), its level read from the LTV after the sale by the caller.
 */
export function statusAfterLiquidation(
  figures: Pick<TLiquidationFillFigures, 'balanceAfterCents' | 'coinQuantityRemaining'>,
): 'LIQUIDATED' | 'ACTIVE' {
  return figures.balanceAfterCents === 0 || toCoinQuantity(figures.coinQuantityRemaining).isZero()
    ? 'LIQUIDATED'
    : 'ACTIVE';
}

export const SURPLUS_PAYOUT_MESSAGES = {
  noneOwed: 'No surplus is owed to the borrower on this loan',
  amountDiffers: (owed: string) =>
    `The surplus owed is ${owed}: record the whole amount, in one wire`,
  sentInFuture: 'The day sent cannot be after today',
  sentBeforeSale: (day: string) => `The surplus cannot have been sent before the sale of ${day}`,
  debitPending: 'A debit on this loan has not settled yet: record the payout once it has',
} as const;

/**
 * The surplus a loan owes back to its borrower, from the sum of its SURPLUS_PAYABLE entries (a
 * credit balance, so negative in the ledger): positive cents while owed, 0 once wired back.
 */
export function surplusOwedCents(surplusPayableSumCents: number): number {
  if (!Number.isSafeInteger(surplusPayableSumCents) || surplusPayableSumCents > 0) {
    throw new DomainError(
      'INVALID_AMOUNT',
      'More surplus was paid out than was owed to the borrower',
    );
  }
  return surplusPayableSumCents === 0 ? 0 : -surplusPayableSumCents;
}

/**
 * The SURPLUS_PAYOUT journal: the surplus wired back to the borrower clears SURPLUS_PAYABLE against
 * CASH. The whole surplus goes in one wire, so the amount must be exactly what is owed.
 */
export function surplusPayoutJournal(input: { owedCents: number; amountCents: number }): TJournal {
  const { owedCents, amountCents } = input;
  if (!Number.isSafeInteger(owedCents) || owedCents <= 0) {
    throw new DomainError('NO_SURPLUS_OWED', SURPLUS_PAYOUT_MESSAGES.noneOwed);
  }
  if (amountCents !== owedCents) {
    throw new DomainError(
      'INVALID_AMOUNT',
      SURPLUS_PAYOUT_MESSAGES.amountDiffers(formatUsd(owedCents)),
    );
  }
  return {
    kind: 'SURPLUS_PAYOUT',
    legs: [
      { account: 'SURPLUS_PAYABLE', amountCents },
      { account: 'CASH', amountCents: -amountCents },
    ],
  };
}
