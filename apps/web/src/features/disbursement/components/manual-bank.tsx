import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import {
  CONFIRM_MODAL_TITLE,
  fieldErrorsOf,
  MANUAL_BANK_SAVE_FAILED,
  NAME_MAX_LENGTH,
  ROUTING_NUMBER_DIGITS,
  ZManualBankForm,
  type TManualBankForm,
} from '@pledge/domain';
import { paths } from '../../../config/paths.js';
import { Alert } from '../../../ui/alert/alert.js';
import { Button, buttonClassName } from '../../../ui/button/button.js';
import { FactList } from '../../../ui/fact-list.js';
import { Modal } from '../../../ui/modal/modal.js';
import { PageHeading } from '../../../ui/page-heading.js';
import { TextField } from '../../../ui/text-field/text-field.js';
import { markDisbursementDoneInCache, saveManualBank } from '../api/disbursement.js';
import { refusalMessage } from '../messages.js';

type TField = keyof TManualBankForm;

const EMPTY: TManualBankForm = {
  routingNumber: '',
  accountNumber: '',
  firstName: '',
  lastName: '',
};

/**
 * /{appUuid}/disbursement/manually-link: the routing and account numbers and the account holder's
 * name (document 1 §5), checked with the domain's rules, confirmed in a modal, then saved.
 */
export function ManualBank() {
  const { appUuid = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<TManualBankForm>(EMPTY);
  const [hasTriedSubmit, setHasTriedSubmit] = useState(false);
  const [isConfirming, setIsConfirming] = useState(false);
  const [focusRequests, setFocusRequests] = useState(0);

  const save = useMutation({
    mutationFn: (body: TManualBankForm) => saveManualBank(appUuid, body),
    onSuccess: async () => {
      markDisbursementDoneInCache(queryClient, appUuid);
      await navigate(paths.application.nextSteps.getHref(appUuid));
    },
    onError: () => setIsConfirming(false),
  });

  const errors = hasTriedSubmit ? fieldErrorsOf(ZManualBankForm, values) : {};
  const errorFor = (field: TField) => errors[field]?.[0] ?? null;

  useEffect(() => {
    if (focusRequests === 0) return;
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusRequests]);

  /** What each of the form's text fields takes from the form: its value, error and edits. */
  function fieldOf(field: TField) {
    return {
      name: field,
      value: values[field],
      onChange: (event: ChangeEvent<HTMLInputElement>) => {
        const value = event.target.value;
        setValues((current) => ({ ...current, [field]: value }));
      },
      error: errorFor(field),
      isRequired: true,
    };
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setHasTriedSubmit(true);
    save.reset();
    if (Object.keys(fieldErrorsOf(ZManualBankForm, values)).length > 0) {
      setFocusRequests((count) => count + 1);
      return;
    }
    setIsConfirming(true);
  }

  const trimmed = {
    routingNumber: values.routingNumber.trim(),
    accountNumber: values.accountNumber.trim(),
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
  };

  return (
    <section className="panel disbursement">
      <PageHeading>Enter your bank account details</PageHeading>
      <p>
        Your loan funds are sent by ACH transfer to this account. It must be a personal account.
      </p>
      <form ref={form} className="disbursement__form" noValidate onSubmit={onSubmit}>
        {save.isError && (
          <Alert variant="error">
            {MANUAL_BANK_SAVE_FAILED} {refusalMessage(save.error, 'Try again.')}
          </Alert>
        )}
        <TextField
          label="Routing number"
          {...fieldOf('routingNumber')}
          inputMode="numeric"
          autoComplete="off"
          description="The 9-digit number at the bottom left of a check."
          maxLength={ROUTING_NUMBER_DIGITS}
        />
        <TextField
          label="Account number"
          {...fieldOf('accountNumber')}
          inputMode="numeric"
          autoComplete="off"
        />
        <div className="disbursement__names">
          <TextField
            label="First name"
            {...fieldOf('firstName')}
            autoComplete="given-name"
            maxLength={NAME_MAX_LENGTH}
          />
          <TextField
            label="Last name"
            {...fieldOf('lastName')}
            autoComplete="family-name"
            maxLength={NAME_MAX_LENGTH}
          />
        </div>
        <p className="field__note">
          Enter the account holder’s full legal name, as the bank has it.
        </p>
        <div className="page-actions">
          <Button type="submit">Continue</Button>
          <Link
            className={buttonClassName({ variant: 'secondary' })}
            to={paths.application.disbursement.getHref(appUuid)}
          >
            Back
          </Link>
        </div>
      </form>
      <Modal
        isOpen={isConfirming}
        onClose={() => {
          if (!save.isPending) setIsConfirming(false);
        }}
        title={CONFIRM_MODAL_TITLE}
        description="Check these details: your loan funds are sent to this account."
        footer={
          <div className="page-actions">
            <Button
              type="button"
              isLoading={save.isPending || save.isSuccess}
              onClick={() => save.mutate(trimmed)}
            >
              Confirm
            </Button>
            <Button
              type="button"
              variant="secondary"
              onClick={() => setIsConfirming(false)}
              disabled={save.isPending}
            >
              Edit
            </Button>
          </div>
        }
      >
        <FactList
          kind="disbursement__summary"
          facts={[
            { label: 'Account number', value: trimmed.accountNumber },
            { label: 'Routing number', value: trimmed.routingNumber },
            { label: 'Full legal name', value: `${trimmed.firstName} ${trimmed.lastName}` },
          ]}
        />
      </Modal>
    </section>
  );
}
