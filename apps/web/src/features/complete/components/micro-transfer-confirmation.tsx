import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  MICRO_TRANSFER_MESSAGES,
  USDC_TEST_TRANSFER_AMOUNT,
  ZMicroTransferConfirmation,
} from '@pledge/domain';
import { Checkbox } from '../../../ui/checkbox/checkbox.js';
import { applicationQueryKey } from '../../application/api/get-application.js';
import { VerifyButton } from '../../collateral/components/verify-button.js';
import { useVerifyAction, type TVerifyLabels } from '../../collateral/hooks/use-verify-action.js';
import { useConfirmMicroTransfer } from '../api/post-micro-transfer-confirmation.js';

export const MICRO_TRANSFER_LABELS: TVerifyLabels = {
  not: 'Confirm test transfer',
  sending: 'Confirming…',
  verified: 'Confirmed',
  error: 'Error',
};

export const MICRO_TRANSFER_CHECKBOX_LABEL = `I received the test transfer of ${USDC_TEST_TRANSFER_AMOUNT} USDC in my wallet`;

/**
 * The USDC test transfer confirmation (document 1 §4, §5): the box must be ticked, then the
 * confirm button goes through its four states; 0.5 s after success the application is fetched
 * again and moves on to the funds release.
 */
export function MicroTransferConfirmation({ appUuid }: { appUuid: string }) {
  const queryClient = useQueryClient();
  const confirm = useConfirmMicroTransfer(appUuid);
  const [isChecked, setIsChecked] = useState(false);
  const [isTouched, setIsTouched] = useState(false);
  const action = useVerifyAction({
    action: () => confirm.mutateAsync(),
    onVerified: () => {
      void queryClient.invalidateQueries({ queryKey: applicationQueryKey(appUuid), exact: true });
    },
  });
  const parsed = ZMicroTransferConfirmation.safeParse({ confirmed: isChecked });
  const error = isTouched && !parsed.success ? MICRO_TRANSFER_MESSAGES.required : null;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setIsTouched(true);
    if (parsed.success) void action.run();
  }

  return (
    <form className="micro-transfer" noValidate onSubmit={onSubmit}>
      <Checkbox
        label={MICRO_TRANSFER_CHECKBOX_LABEL}
        checked={isChecked}
        isRequired
        isDisabled={action.state === 'sending' || action.state === 'verified'}
        error={error}
        onCheckedChange={(checked) => {
          setIsChecked(checked);
          setIsTouched(true);
        }}
      />
      <VerifyButton state={action.state} labels={MICRO_TRANSFER_LABELS} type="submit" />
      {confirm.error !== null && action.state !== 'sending' && (
        <p className="field__note" role="alert">
          {confirm.error.message}
        </p>
      )}
    </form>
  );
}
