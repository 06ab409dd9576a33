import { useState } from 'react';
import {
  LIQUIDATION_VENUE_MAX_LENGTH,
  ZPostOpsLiquidationFillBody,
  type TOpsLiquidationOrder,
  type TPostOpsLiquidationFillBody,
} from '@pledge/contract';
import { formatUsd } from '@pledge/domain';
import { NumericField } from '../../../ui/numeric-field/numeric-field.js';
import { TextField } from '../../../ui/text-field/text-field.js';
import { newIdempotencyKey } from '../../loan/api/idempotency-key.js';
import { typedCents } from '../../loan/loan-view.js';
import { useRecordLiquidationFill } from '../api/ops-risk.js';
import { OpsConfirmDialog } from './ops-confirm-dialog.js';
import { OpsFacts } from './ops-facts.js';
import { formatDateTime } from '../format.js';

/** The fill as the agent types it: coins, dollars per coin, the venue, and a UTC date and time. */
export type TFillInput = {
  coinQuantitySold: string;
  price: string;
  venue: string;
  /** "2025-02-11T14:30" as a datetime-local field gives it, read as UTC. */
  executedAt: string;
};

type TFillField = keyof TFillInput;
export type TFillErrors = Partial<Record<TFillField, string>>;

export const FILL_MESSAGES = {
  coins: 'Give the coins sold, more than zero',
  price: 'Give the fill price per coin, at least $0.01',
  executedAt: 'Give the date and time the sale executed (UTC)',
} as const;

const POSITIVE_DECIMAL = /^(0|[1-9]\d*)(\.\d+)?$/;
const LOCAL_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?$/;

/** "2025-02-11T14:30" (UTC as typed) to "2025-02-11T14:30:00.000Z"; null when not a time. */
export function utcIsoOf(localDateTime: string): string | null {
  if (!LOCAL_DATE_TIME.test(localDateTime)) return null;
  const time = Date.parse(`${localDateTime}Z`);
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}

/**
 * The fill checked by the contract's schema: the body to send, or the message of each field that is
 * wrong. Coins must be a positive decimal; the price is dollars per whole coin.
 */
export function checkFill(
  input: TFillInput,
): { body: TPostOpsLiquidationFillBody; errors: null } | { body: null; errors: TFillErrors } {
  const errors: TFillErrors = {};
  const coins = input.coinQuantitySold.trim();
  if (!POSITIVE_DECIMAL.test(coins) || /^0(\.0*)?$/.test(coins))
    errors.coinQuantitySold = FILL_MESSAGES.coins;
  const priceCents = typedCents(input.price);
  if (priceCents === null || priceCents < 1) errors.price = FILL_MESSAGES.price;
  const executedAt = utcIsoOf(input.executedAt);
  if (executedAt === null) errors.executedAt = FILL_MESSAGES.executedAt;
  const parsed = ZPostOpsLiquidationFillBody.safeParse({
    coinQuantitySold: coins === '' ? '0' : coins,
    priceCents: priceCents ?? 1,
    venue: input.venue,
    executedAt: executedAt ?? new Date(0).toISOString(),
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if (field === 'coinQuantitySold') errors.coinQuantitySold ??= issue.message;
      if (field === 'priceCents') errors.price ??= issue.message;
      if (field === 'venue') errors.venue ??= issue.message;
      if (field === 'executedAt') errors.executedAt ??= FILL_MESSAGES.executedAt;
    }
  }
  if (Object.keys(errors).length > 0 || !parsed.success) return { body: null, errors };
  return { body: parsed.data, errors: null };
}

/**
 * The desk's fill of an open liquidation order: what was sold, at what price, where and when. The
 * ledger and the borrower's statement follow from it once a second agent approves; one key per
 * opening of the dialog makes a double click or a retry propose it once.
 */
export function RecordFillDialog({
  order,
  onClose,
}: {
  order: TOpsLiquidationOrder;
  onClose: () => void;
}) {
  const fill = useRecordLiquidationFill();
  const [key] = useState(newIdempotencyKey);
  const [input, setInput] = useState<TFillInput>({
    coinQuantitySold: order.liquidation.coinQuantityToSell,
    price: '',
    venue: '',
    executedAt: '',
  });
  const [errors, setErrors] = useState<TFillErrors>({});
  const { liquidation } = order;
  const coin = liquidation.decisionPrice.type;

  function edit(field: TFillField, value: string) {
    setInput((previous) => ({ ...previous, [field]: value }));
    fill.reset();
  }

  function argsOf() {
    const checked = checkFill(input);
    setErrors(checked.errors ?? {});
    if (checked.body === null) return null;
    return { liquidationUuid: liquidation.liquidationUuid, body: checked.body, key };
  }

  return (
    <OpsConfirmDialog
      formId="ops-record-fill"
      title="Record the fill"
      description={`The sale of ${order.borrowerEmail}’s collateral. Once a second agent approves, the proceeds less the 2 % processing fee go to the loan’s ledger and the borrower is sent a statement of the sale.`}
      confirmLabel="Propose fill"
      call={fill}
      argsOf={argsOf}
      onClose={onClose}
    >
      <OpsFacts
        facts={[
          ['Coins to sell', `${liquidation.coinQuantityToSell} ${coin}`],
          [
            'Decision price',
            `${formatUsd(liquidation.decisionPrice.priceCents)} per ${coin}, ${formatDateTime(liquidation.decisionPrice.observedAt)}`,
          ],
        ]}
      />
      <NumericField
        label={`Coins sold (${coin})`}
        maxDecimals={8}
        isRequired
        value={input.coinQuantitySold}
        error={errors.coinQuantitySold}
        onValueChange={(text) => edit('coinQuantitySold', text)}
      />
      <NumericField
        label="Price per coin (USD)"
        prefix="$"
        allowCommas
        maxDecimals={2}
        isRequired
        value={input.price}
        error={errors.price}
        onValueChange={(text) => edit('price', text)}
      />
      <TextField
        label="Venue"
        description="The exchange or desk the coins were sold on."
        isRequired
        maxLength={LIQUIDATION_VENUE_MAX_LENGTH}
        value={input.venue}
        error={errors.venue}
        onChange={(event) => edit('venue', event.target.value)}
      />
      <TextField
        label="Executed at (UTC)"
        type="datetime-local"
        isRequired
        value={input.executedAt}
        error={errors.executedAt}
        onChange={(event) => edit('executedAt', event.target.value)}
      />
    </OpsConfirmDialog>
  );
}
