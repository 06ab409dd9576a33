import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import type { TPostCreateCelsiusApplicationResponse } from '@pledge/contract';
import {
  CELSIUS_LOAN_ID_MAX_LENGTH,
  formatLoanLookupErrors,
  LOAN_ID_LOOKUP_DEBOUNCE_MS,
  NO_ELIGIBLE_LOANS_MESSAGE,
  REFI_INELIGIBLE_REASON_MESSAGES,
  REFI_INELIGIBLE_REASONS,
  ZCelsiusLoanIdForm,
} from '@pledge/domain';
import { isApiError } from '../../../api/client.js';
import { useBrand } from '../../../brand/brand-context.js';
import { Alert } from '../../../ui/alert/alert.js';
import { Button } from '../../../ui/button/button.js';
import { Modal } from '../../../ui/modal/modal.js';
import { TextField } from '../../../ui/text-field/text-field.js';
import { createCelsiusApplication } from '../api/create-celsius.js';

/** The lookup's error alert (document 2 §8): the server's messages, unique, joined, with a period. */
export function lookupErrorText(error: Error): string {
  const messages = isApiError(error)
    ? [...Object.values(error.apiError?.fieldErrors ?? {}).flat(), error.message]
    : [error.message];
  return formatLoanLookupErrors(messages);
}

/** The reasons the lookup gave, loan by loan; every reason of §8 when it gave none. */
export function ineligibleReasonLines(answer: TPostCreateCelsiusApplicationResponse): string[] {
  const lines = answer.ineligibleLoans.flatMap((loan) =>
    loan.messages.map((message) => `Loan ${loan.celsiusLoanId}: ${message}.`),
  );
  return lines.length > 0
    ? lines
    : REFI_INELIGIBLE_REASONS.map((reason) => `${REFI_INELIGIBLE_REASON_MESSAGES[reason]}.`);
}

function NoEligibleLoans({
  answer,
  onRetry,
}: {
  answer: TPostCreateCelsiusApplicationResponse;
  onRetry: () => void;
}) {
  const { supportEmail } = useBrand();
  return (
    <div className="refi-no-loans" role="status">
      <h3 className="refi-no-loans__title">{NO_ELIGIBLE_LOANS_MESSAGE}</h3>
      <p>We can’t refinance this loan because:</p>
      <ul>
        {ineligibleReasonLines(answer).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <p>
        Try another loan ID, or email us at <a href={`mailto:${supportEmail}`}>{supportEmail}</a> if
        you think this is wrong.
      </p>
      <Button variant="secondary" isFullWidth={false} onClick={onRetry}>
        Try another loan ID
      </Button>
    </div>
  );
}

/**
 * 'Enter Loan ID' (document 2 §2, §5, §8): the loan ID is required, the lookup's submit is debounced
 * LOAN_ID_LOOKUP_DEBOUNCE_MS (repeated submits send one lookup), found loans join the list, none
 * eligible says why.
 */
export function LoanIdModal({
  isOpen,
  onClose,
  onFound,
}: {
  isOpen: boolean;
  onClose: () => void;
  onFound: (answer: TPostCreateCelsiusApplicationResponse) => void;
}) {
  const formId = useId();
  const [loanId, setLoanId] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [isWaiting, setIsWaiting] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const lookup = useMutation({
    mutationFn: createCelsiusApplication,
    onSuccess: (answer) => {
      if (answer.applications.length > 0) onFound(answer);
    },
  });
  useEffect(() => () => clearTimeout(timer.current), []);

  const isNoEligible = lookup.data !== undefined && lookup.data.applications.length === 0;

  function reset() {
    clearTimeout(timer.current);
    setIsWaiting(false);
    lookup.reset();
    setFieldError(null);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = ZCelsiusLoanIdForm.safeParse({ celsiusLoanId: loanId });
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setFieldError(null);
    if (lookup.isPending) return;
    clearTimeout(timer.current);
    setIsWaiting(true);
    timer.current = setTimeout(() => {
      setIsWaiting(false);
      lookup.mutate(parsed.data.celsiusLoanId);
    }, LOAN_ID_LOOKUP_DEBOUNCE_MS);
  }

  return (
    <Modal
      isOpen={isOpen}
      onClose={() => {
        reset();
        setLoanId('');
        onClose();
      }}
      title="Enter Loan ID"
      description="The loan ID is on your Celsius loan statements and in the Celsius app."
      footer={
        isNoEligible ? undefined : (
          <Button type="submit" form={formId} isLoading={isWaiting || lookup.isPending}>
            Find my loans
          </Button>
        )
      }
    >
      {isNoEligible ? (
        <NoEligibleLoans
          answer={lookup.data}
          onRetry={() => {
            reset();
            setLoanId('');
          }}
        />
      ) : (
        <form id={formId} noValidate onSubmit={onSubmit}>
          <TextField
            label="Celsius Loan ID"
            isRequired
            autoComplete="off"
            maxLength={CELSIUS_LOAN_ID_MAX_LENGTH}
            value={loanId}
            error={fieldError}
            onChange={(event) => {
              setLoanId(event.target.value);
              if (fieldError !== null) setFieldError(null);
            }}
          />
          {lookup.isError && <Alert variant="error">{lookupErrorText(lookup.error)}</Alert>}
        </form>
      )}
    </Modal>
  );
}
