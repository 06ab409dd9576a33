import { useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import {
  COLLATERAL_FORM_MESSAGES,
  ZCollateralConfirmation,
  type TWalletSourceType,
} from '@pledge/domain';
import { paths } from '../../../config/paths.js';
import { Alert } from '../../../ui/alert/alert.js';
import { Button } from '../../../ui/button/button.js';
import { Checkbox } from '../../../ui/checkbox/checkbox.js';
import { RadioGroup } from '../../../ui/radio-group/radio-group.js';
import { useConfirmCollateralSent } from '../api/post-collateral-confirmation.js';

const WALLET_TYPE_OPTIONS = [
  {
    value: 'CUSTODIAL',
    label: 'Custodial wallet',
    description: 'An exchange or another company holds the coins for you.',
  },
  {
    value: 'SELF_HOSTED',
    label: 'Self-hosted wallet',
    description: 'You hold the keys yourself, for example in a hardware or mobile wallet.',
  },
] as const satisfies readonly { value: TWalletSourceType; label: string; description: string }[];

function isWalletSourceType(value: string): value is TWalletSourceType {
  return WALLET_TYPE_OPTIONS.some((option) => option.value === value);
}

interface TCollateralConfirmationFormProps {
  appUuid: string;
  /** The wallet type on record (CUSTODIAL until the borrower chose). */
  initialWalletType: TWalletSourceType;
}

/**
 * The wallet the collateral comes from and "I have sent the required amount of collateral"
 * (document 1 §5): Continue stays disabled until the box is ticked, records both, then shows the
 * status page. A second click while it is sending does nothing.
 */
export function CollateralConfirmationForm({
  appUuid,
  initialWalletType,
}: TCollateralConfirmationFormProps) {
  const navigate = useNavigate();
  const confirm = useConfirmCollateralSent(appUuid);
  const [walletType, setWalletType] = useState<TWalletSourceType>(initialWalletType);
  const [hasSentCollateral, setHasSentCollateral] = useState(false);
  const [isTouched, setIsTouched] = useState(false);
  const isSubmitting = useRef(false);

  const parsed = ZCollateralConfirmation.safeParse({ hasSentCollateral, walletType });
  const checkboxError =
    isTouched && !parsed.success
      ? (parsed.error.issues.find((issue) => issue.path[0] === 'hasSentCollateral')?.message ??
        null)
      : null;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setIsTouched(true);
    if (!parsed.success || isSubmitting.current) return;
    isSubmitting.current = true;
    confirm.mutate(parsed.data.walletType, {
      onSuccess: () => {
        void navigate(paths.application.complete.getHref(appUuid));
      },
      onSettled: () => {
        isSubmitting.current = false;
      },
    });
  }

  return (
    <form className="collateral__section collateral-confirmation" noValidate onSubmit={onSubmit}>
      <h2>Confirm your deposit</h2>
      <RadioGroup
        label="Where are you sending your collateral from?"
        name="walletType"
        options={WALLET_TYPE_OPTIONS}
        value={walletType}
        isDisabled={confirm.isPending}
        onValueChange={(value) => {
          if (isWalletSourceType(value)) setWalletType(value);
        }}
      />
      <Checkbox
        label={COLLATERAL_FORM_MESSAGES.checkboxLabel}
        checked={hasSentCollateral}
        isRequired
        error={checkboxError}
        onCheckedChange={(isChecked) => {
          setHasSentCollateral(isChecked);
          setIsTouched(true);
        }}
      />
      {confirm.isError && (
        <Alert variant="error" title="We couldn’t record your deposit">
          {confirm.error.message} Try again.
        </Alert>
      )}
      <Button
        type="submit"
        disabled={!hasSentCollateral}
        isLoading={confirm.isPending || confirm.isSuccess}
      >
        Continue
      </Button>
    </form>
  );
}
