import { useState, type FormEvent } from 'react';
import {
  COLLATERAL_DISPLAY_NAMES,
  RETURN_ADDRESS_MAX_LENGTH,
  RETURN_ADDRESS_MESSAGES,
  type TCollateralType,
} from '@pledge/domain';
import { Alert } from '../../../ui/alert/alert.js';
import { Button } from '../../../ui/button/button.js';
import { Modal } from '../../../ui/modal/modal.js';
import { TextField } from '../../../ui/text-field/text-field.js';

type TAddressCheck =
  | { success: true; data: { returnAddress: string } }
  | { success: false; error: { issues: readonly { message: string }[] } };

/**
 * The state of a return address being entered: the field's value and error, and the address
 * awaiting confirmation once the check (the server's own schema) passes. `onChecked` runs as the
 * confirmation opens (to clear the last request's answer).
 */
export function useReturnAddressEntry({
  check,
  fallbackMessage,
  onChecked,
}: {
  check: (input: { returnAddress: string }) => TAddressCheck;
  /** Shown when the check fails without a message of its own. */
  fallbackMessage: string;
  onChecked: () => void;
}) {
  const [address, setAddress] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  return {
    /** The address awaiting confirmation; null while the form is shown alone. */
    confirming,
    closeConfirmation: () => setConfirming(null),
    /** The server refused the address: the field is emptied and says why. */
    refuse: (message: string) => {
      setConfirming(null);
      setAddress('');
      setError(message);
    },
    /** What ReturnAddressForm takes from it. */
    form: {
      address,
      error,
      onAddressChange: (value: string) => {
        setAddress(value);
        setError(null);
      },
      onSubmit: (event: FormEvent<HTMLFormElement>) => {
        event.preventDefault();
        const parsed = check({ returnAddress: address });
        if (!parsed.success) {
          setError(parsed.error.issues[0]?.message ?? fallbackMessage);
          return;
        }
        setError(null);
        onChecked();
        setConfirming(parsed.data.returnAddress);
      },
    },
  };
}

/**
 * The address coins go back to: typed exactly as the wallet shows it (no autocorrect, no capitals
 * added), with the warning to check it twice. Editing it clears the error it was refused with.
 */
export function ReturnAddressForm({
  className,
  label,
  type,
  address,
  error,
  submitLabel,
  onAddressChange,
  onSubmit,
}: {
  className: string;
  label: string;
  type: TCollateralType;
  address: string;
  error: string | null;
  submitLabel: string;
  /** The address as typed; the error it was refused with no longer stands once it changes. */
  onAddressChange: (address: string) => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
}) {
  return (
    <form className={className} noValidate onSubmit={onSubmit}>
      <TextField
        label={label}
        description={`Your ${COLLATERAL_DISPLAY_NAMES[type]} (${type}) wallet address. ${RETURN_ADDRESS_MESSAGES.doubleCheckWarning}`}
        isRequired
        autoComplete="off"
        autoCapitalize="off"
        autoCorrect="off"
        spellCheck={false}
        maxLength={RETURN_ADDRESS_MAX_LENGTH}
        value={address}
        error={error ?? undefined}
        onChange={(event) => onAddressChange(event.target.value)}
      />
      <div className="page-actions">
        <Button type="submit">{submitLabel}</Button>
      </div>
    </form>
  );
}

/**
 * The address shown in full before the coins go to it, with the warning again. Back stays put
 * while the request runs, and the confirm button sends nothing more than once.
 */
export function ReturnAddressConfirm({
  title,
  description,
  address,
  addressClassName,
  confirmLabel,
  isPending,
  error,
  onConfirm,
  onBack,
}: {
  title: string;
  description: string;
  address: string;
  addressClassName: string;
  confirmLabel: string;
  isPending: boolean;
  /** Why the last request failed; null when it did not. */
  error: string | null;
  onConfirm: () => void;
  onBack: () => void;
}) {
  return (
    <Modal
      isOpen
      onClose={onBack}
      title={title}
      description={description}
      footer={
        <>
          <Button type="button" isLoading={isPending} onClick={onConfirm}>
            {confirmLabel}
          </Button>
          <Button type="button" variant="secondary" disabled={isPending} onClick={onBack}>
            Back
          </Button>
        </>
      }
    >
      <p className={addressClassName}>{address}</p>
      <p>{RETURN_ADDRESS_MESSAGES.doubleCheckWarning}</p>
      {error !== null && <Alert variant="error">{error}</Alert>}
    </Modal>
  );
}
