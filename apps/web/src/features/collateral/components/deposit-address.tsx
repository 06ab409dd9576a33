import type { ReactNode } from 'react';
import type { TCollateralWallet } from '@pledge/contract';
import type { TCollateralType } from '@pledge/domain';
import { Alert } from '../../../ui/alert/alert.js';
import { Button } from '../../../ui/button/button.js';
import { CopyButton } from '../../../ui/copy-button/copy-button.js';
import { Progress } from '../../../ui/progress/progress.js';
import { QrCode, type TQrFailureVariant } from '../../../ui/qr-code/qr-code.js';
import { coinName } from '../collateral-display.js';

/**
 * A deposit address as the borrower copies or scans it: its QR code beside it on wide screens, the
 * address in full (or `value`, as a page shows it) and a copy button (or `actions`).
 */
export function DepositAddressCard({
  address,
  type,
  qrAlt = 'QR code of your deposit address',
  failureVariant = 'borrower',
  value,
  actions,
}: {
  address: string;
  type: TCollateralType;
  qrAlt?: string;
  failureVariant?: TQrFailureVariant;
  value?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <div className="deposit-address">
      <QrCode
        value={address}
        alt={qrAlt}
        size={176}
        failureVariant={failureVariant}
        className="deposit-address__qr"
      />
      <div className="deposit-address__details">
        <p className="deposit-address__label">{type} deposit address</p>
        <p className="deposit-address__value">{value ?? <code>{address}</code>}</p>
        {actions ?? <CopyButton text={address} what="deposit address" />}
      </div>
    </div>
  );
}

interface TDepositAddressProps {
  wallet: TCollateralWallet | null;
  type: TCollateralType;
  /** The address is still being derived; the page keeps asking for it. */
  isWaitingForWallet: boolean;
  onRetry: () => void;
}

/** The deposit address in full, as a QR code and with a copy button, and what to send to it. */
export function DepositAddress({
  wallet,
  type,
  isWaitingForWallet,
  onRetry,
}: TDepositAddressProps) {
  return (
    <section className="collateral__section" aria-labelledby="deposit-address-heading">
      <h2 id="deposit-address-heading">Your deposit address</h2>
      {wallet !== null ? (
        <DepositAddressCard address={wallet.depositAddress} type={type} />
      ) : isWaitingForWallet ? (
        <div role="status">
          <Progress label="Creating your deposit address…" />
        </div>
      ) : (
        <div className="page-actions">
          <Alert variant="info" title="Your deposit address isn’t ready yet">
            It usually takes a few seconds. Try again in a moment.
          </Alert>
          <Button type="button" isFullWidth={false} onClick={onRetry}>
            Try again
          </Button>
        </div>
      )}
      <Alert variant="warn" title={`Send only ${coinName(type)} to this address`}>
        Any other coin sent to this address will be lost.
      </Alert>
    </section>
  );
}
