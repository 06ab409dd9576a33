import type { TCollateralWallet } from '@pledge/contract';
import type { TCollateralType } from '@pledge/domain';
import { Alert } from '../../../ui/alert/alert.js';
import { CopyButton } from '../../../ui/copy-button/copy-button.js';
import { Progress } from '../../../ui/progress/progress.js';
import { QrCode } from '../../../ui/qr-code/qr-code.js';
import { coinName } from '../../collateral/collateral-display.js';
import { DepositAddressCard } from '../../collateral/components/deposit-address.js';
import { addressGroups, cutAddress } from '../refi-loans.js';
import { ModalButton } from './modal-button.js';

function VerifyAddressButton({ address }: { address: string }) {
  return (
    <ModalButton label="Verify address" variant="secondary" title="Verify deposit address">
      <p>
        Compare every character with the address your wallet shows before you send. The full
        address, in groups of four:
      </p>
      <p className="refi-address-groups">
        {addressGroups(address).map((group, index) => (
          // Groups can repeat: their place is their identity.
          <code key={index}>{group}</code>
        ))}
      </p>
      <p className="visually-hidden">{address}</p>
    </ModalButton>
  );
}

/** The QR code modal (document 2 §2): the address as a large code, with the address under it. */
function QrCodeButton({ address, type }: { address: string; type: TCollateralType }) {
  return (
    <ModalButton
      label="Show QR code"
      hiddenLabel=" of the deposit address"
      variant="secondary"
      title="QR code"
    >
      <p>Scan it with your wallet app to send {coinName(type)} to your deposit address.</p>
      <div className="refi-qr-modal">
        <QrCode
          value={address}
          alt={`QR code of your ${type} deposit address`}
          size={256}
          failureVariant="refinancing"
        />
      </div>
      <p className="refi-address-groups">
        <code>{address}</code>
      </p>
    </ModalButton>
  );
}

export function WalletTypeExplainer() {
  return (
    <ModalButton label="Which wallet can I send from?" title="Wallet types">
      <dl className="refi-wallet-types">
        <dt>Self-hosted wallet</dt>
        <dd>
          You hold the keys yourself, for example in a hardware or mobile wallet. Send the top-up
          from it in one or more transactions.
        </dd>
        <dt>Custodial wallet</dt>
        <dd>
          An exchange or another company holds the coins for you. Some exchanges take a fee or send
          slightly less than you ask: make sure the full amount arrives.
        </dd>
      </dl>
    </ModalButton>
  );
}

/**
 * Where the top-up goes (document 2 §2): the address cut to its first characters with a QR code,
 * a copy button, the full address in the verification modal, the QR code modal, and the
 * wallet-type explainer.
 */
export function RefiDepositAddress({
  wallet,
  type,
}: {
  wallet: TCollateralWallet | null;
  type: TCollateralType;
}) {
  return (
    <section className="collateral__section" aria-labelledby="refi-deposit-heading">
      <h2 id="refi-deposit-heading">Your deposit address</h2>
      {wallet === null ? (
        <div role="status">
          <Progress label="Creating your deposit address…" />
        </div>
      ) : (
        <DepositAddressCard
          address={wallet.depositAddress}
          type={type}
          failureVariant="refinancing"
          value={<code title={wallet.depositAddress}>{cutAddress(wallet.depositAddress)}</code>}
          actions={
            <div className="refi-address-actions">
              <CopyButton text={wallet.depositAddress} what="deposit address" />
              <VerifyAddressButton address={wallet.depositAddress} />
              <QrCodeButton address={wallet.depositAddress} type={type} />
            </div>
          }
        />
      )}
      <WalletTypeExplainer />
      <Alert variant="warn" title={`Send only ${coinName(type)} to this address`}>
        Any other coin sent to this address will be lost.
      </Alert>
    </section>
  );
}
