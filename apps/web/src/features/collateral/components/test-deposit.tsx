import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { TCoinAmount, TMicroDepositStatus } from '@pledge/contract';
import { Alert } from '../../../ui/alert/alert.js';
import { Checkbox } from '../../../ui/checkbox/checkbox.js';
import {
  microDepositStatusQueryKey,
  useMicroDepositStatus,
  useVerifyMicroDeposit,
} from '../api/micro-deposit.js';
import { coinAmountText } from '../collateral-display.js';
import { useVerifyAction, type TVerifyLabels } from '../hooks/use-verify-action.js';
import { VerifyButton } from './verify-button.js';

export const TEST_DEPOSIT_LABELS: TVerifyLabels = {
  not: 'Verify test deposit',
  sending: 'Verifying…',
  verified: 'Verification requested',
  error: 'Error',
};

interface TTestDepositProps {
  appUuid: string;
  /** The minimum and the opt-in as the collateral info gave them. */
  minVerifyAmount: TCoinAmount | null;
  hasOptedIn: boolean;
}

function TestDepositStatus({ status }: { status: TMicroDepositStatus }) {
  if (status.status === 'VERIFIED') {
    return (
      <Alert variant="success" title="Test deposit received" isLive>
        Your deposit address is verified. You can now send the rest of your collateral.
      </Alert>
    );
  }
  if (status.status === 'AWAITING_DEPOSIT') {
    return (
      <p role="status" className="field__note">
        We’re watching for your test deposit of at least {coinAmountText(status.minVerifyAmount)}.
        This page updates once it arrives.
      </p>
    );
  }
  return null;
}

/**
 * The optional test deposit (document 1 §3 microDepositVerify): the borrower opts in, sends at least
 * the minimum, and asks for it to be verified; the status then follows the deposit.
 */
export function TestDeposit({ appUuid, minVerifyAmount, hasOptedIn }: TTestDepositProps) {
  const queryClient = useQueryClient();
  const status = useMicroDepositStatus(appUuid, { enabled: true });
  const verify = useVerifyMicroDeposit(appUuid);
  const action = useVerifyAction({
    action: async () => {
      const answer = await verify.mutateAsync();
      queryClient.setQueryData(microDepositStatusQueryKey(appUuid), answer);
    },
    onVerified: () => {
      void queryClient.invalidateQueries({ queryKey: microDepositStatusQueryKey(appUuid) });
    },
  });
  const [wantsTestDeposit, setWantsTestDeposit] = useState(false);

  const minimum = status.data?.minVerifyAmount ?? minVerifyAmount;
  const isRequested =
    action.state === 'not' &&
    (hasOptedIn || (status.data !== undefined && status.data.status !== 'NOT_REQUESTED'));
  const isOptedIn = wantsTestDeposit || isRequested || action.state !== 'not';

  return (
    <section className="collateral__section" aria-labelledby="test-deposit-heading">
      <h2 id="test-deposit-heading">Test deposit (optional)</h2>
      <p>
        Not sure about the address? Send a small test deposit first
        {minimum === null ? '' : ` of at least ${coinAmountText(minimum)}`}. Once we see it, your
        address is verified and you can send the rest.
      </p>
      {!isRequested && (
        <Checkbox
          label="I want to send a test deposit first"
          checked={isOptedIn}
          isDisabled={action.state !== 'not'}
          onCheckedChange={setWantsTestDeposit}
        />
      )}
      {isOptedIn && !isRequested && (
        <div className="test-deposit__verify">
          <p className="field__note" id="test-deposit-instructions">
            Send {minimum === null ? 'a small amount' : `at least ${coinAmountText(minimum)}`} to
            your deposit address, then ask us to verify it.
          </p>
          <VerifyButton
            state={action.state}
            labels={TEST_DEPOSIT_LABELS}
            describedBy="test-deposit-instructions"
            onClick={() => void action.run()}
          />
        </div>
      )}
      {status.data !== undefined && <TestDepositStatus status={status.data} />}
    </section>
  );
}
