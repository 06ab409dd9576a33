import { useState } from 'react';
import type { TCoinAmount, TPostCollateralReleaseResponse } from '@pledge/contract';
import {
  INVALID_RETURN_ADDRESS_MESSAGE,
  RETURN_ADDRESS_MESSAGES,
  ZReturnAddressForm,
} from '@pledge/domain';
import { isApiError } from '../../../api/client.js';
import { Alert } from '../../../ui/alert/alert.js';
import {
  ReturnAddressConfirm,
  ReturnAddressForm,
  useReturnAddressEntry,
} from '../../collateral/components/return-address-form.js';
import { useCollateralRelease } from '../api/collateral-release-queries.js';
import {
  CONFIRM_TITLE,
  confirmReleaseText,
  RELEASE_BUTTON,
  releaseErrorText,
  RETURN_ADDRESS_LABEL,
  WITHDRAWAL_FAILED_TEXT,
  WITHDRAWAL_FAILED_TITLE,
} from '../release-texts.js';

const INVALID_RETURN_ADDRESS_CODE = 'INVALID_RETURN_ADDRESS';

/**
 * The return address (document 1 §5): required and trimmed, then confirmed in a modal that shows
 * it in full. A refused address (§8) clears the field with the server's message; anything else
 * says 'Something unexpected happened. Try again'. The confirm button does nothing while the
 * request runs, so a double click sends one request (and the server is idempotent anyway).
 */
export function ReleaseForm({
  appUuid,
  held,
  lastReleaseFailed,
  onAnswer,
}: {
  appUuid: string;
  held: TCoinAmount;
  lastReleaseFailed: boolean;
  onAnswer: (answer: TPostCollateralReleaseResponse) => void;
}) {
  const mutation = useCollateralRelease(appUuid);
  const entry = useReturnAddressEntry({
    check: (input) => ZReturnAddressForm.safeParse(input),
    fallbackMessage: RETURN_ADDRESS_MESSAGES.required,
    onChecked: () => mutation.reset(),
  });
  const { confirming } = entry;
  const [failedAgain, setFailedAgain] = useState(false);

  function refuseAddress() {
    entry.refuse(INVALID_RETURN_ADDRESS_MESSAGE);
  }

  function onConfirm() {
    if (confirming === null || mutation.isPending) return;
    mutation.mutate(confirming, {
      onSuccess: (answer) => {
        const { result } = answer.collateralReleaseResponse;
        if (result === 'INVALID_ADDRESS') {
          refuseAddress();
          return;
        }
        entry.closeConfirmation();
        if (result === 'WITHDRAWAL_FAILED') {
          setFailedAgain(true);
          return;
        }
        onAnswer(answer);
      },
      onError: (error) => {
        if (isApiError(error) && error.code === INVALID_RETURN_ADDRESS_CODE) refuseAddress();
      },
    });
  }

  const showUnexpected =
    mutation.isError &&
    !(isApiError(mutation.error) && mutation.error.code === INVALID_RETURN_ADDRESS_CODE);

  return (
    <section className="collateral-release__section" aria-labelledby="release-form-heading">
      <h2 id="release-form-heading">Where should we send it?</h2>
      {(lastReleaseFailed || failedAgain) && (
        <Alert variant="warn" title={WITHDRAWAL_FAILED_TITLE}>
          <p>{WITHDRAWAL_FAILED_TEXT}</p>
        </Alert>
      )}
      <ReturnAddressForm
        className="collateral-release__form"
        label={RETURN_ADDRESS_LABEL}
        type={held.type}
        submitLabel={RELEASE_BUTTON}
        {...entry.form}
      />
      {confirming !== null && (
        <ReturnAddressConfirm
          title={CONFIRM_TITLE}
          description={confirmReleaseText(held)}
          address={confirming}
          addressClassName="collateral-release__address collateral-release__address--confirm"
          confirmLabel={RELEASE_BUTTON}
          isPending={mutation.isPending}
          error={showUnexpected ? releaseErrorText(mutation.error) : null}
          onConfirm={onConfirm}
          onBack={entry.closeConfirmation}
        />
      )}
    </section>
  );
}
