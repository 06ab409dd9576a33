/**
 * The exchange a liquidation sells collateral on. An order either fills at once (the answer says
 * what was sold, at what price, where and when) or stays OPEN until someone records its fill.
 */
import type { TOfferedCollateralType } from '@pledge/domain';

export interface TLiquidationOrder {
  loanUuid: string;
  /** The order's own id: an exchange that is asked twice for it sells once. */
  liquidationUuid: string;
  collateralType: TOfferedCollateralType;
  /** Coins to sell, decimal string. */
  coinQuantity: string;
  /** When the order is placed, on the deployment's clock. */
  placedAt: Date;
}

export type TLiquidationOrderResult =
  | {
      kind: 'FILLED';
      coinQuantitySold: string;
      /** Price of one whole coin in cents. */
      priceCents: number;
      venue: string;
      executedAt: Date;
    }
  | { kind: 'OPEN' };

export interface TExchangePort {
  /** `sandbox` or `desk`. */
  readonly name: string;
  placeLiquidationOrder(order: TLiquidationOrder): Promise<TLiquidationOrderResult>;
}
