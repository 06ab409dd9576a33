import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { TStepUpMethod } from '@pledge/contract';
import { OTP_CODE_DIGITS, PASSWORD_MAX_LENGTH, ZLoginEmail, ZOtpCode } from '@pledge/domain';
import { Alert } from '../../../ui/alert/alert.js';
import { Button } from '../../../ui/button/button.js';
import { TextField } from '../../../ui/text-field/text-field.js';
import { EmailField, OneTimeCodeField } from '../../../ui/text-field/preset-fields.js';
import {
  beginStepUp,
  confirmEmailChange,
  failureOf,
  requestEmailChange,
  sessionsQuery,
} from '../api/account-security-calls.js';

type TStep = 'address' | 'prove' | 'confirm' | 'done';

/** The field, its label and its hint for each proof the server may ask. */
export const STEP_UP_FIELDS: Readonly<
  Record<TStepUpMethod, { field: 'totp' | 'password' | 'stepUpCode'; label: string; hint: string }>
> = {
  totp: {
    field: 'totp',
    label: 'Authenticator code',
    hint: `Enter the ${OTP_CODE_DIGITS}-digit code from your authenticator app.`,
  },
  password: {
    field: 'password',
    label: 'Your password',
    hint: 'Enter your password to show it is you.',
  },
  'email-code': {
    field: 'stepUpCode',
    label: 'Code sent to your current address',
    hint: `We e-mailed a ${OTP_CODE_DIGITS}-digit code to the address you sign in with now.`,
  },
};

export const PASSWORD_REQUIRED_MESSAGE = 'Enter your password';

/** A step's submit button, and the way back to the first step. */
function StepButtons({
  label,
  isBusy,
  onStartOver,
}: {
  label: string;
  isBusy: boolean;
  onStartOver: () => void;
}) {
  return (
    <>
      <Button type="submit" isLoading={isBusy}>
        {label}
      </Button>
      <Button variant="link" onClick={onStartOver}>
        Start over
      </Button>
    </>
  );
}

/**
 * Changes the sign-in address in three steps: the new address; then proof that it is the owner
 * (the account's authenticator code, password, or a code e-mailed to the current address), so a
 * stolen session alone cannot do it; then the code e-mailed to the new address.
 */
export function ChangeEmailForm({ currentEmail }: { currentEmail: string | null }) {
  const queryClient = useQueryClient();
  const [step, setStep] = useState<TStep>('address');
  const [newEmail, setNewEmail] = useState('');
  const [method, setMethod] = useState<TStepUpMethod | null>(null);
  const [proof, setProof] = useState('');
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);

  async function run(work: () => Promise<void>, fields: readonly string[]) {
    setIsBusy(true);
    setFormError(null);
    try {
      await work();
    } catch (error) {
      const failure = failureOf(error, fields);
      if (failure.field !== null) setFieldError(failure.message);
      else setFormError(failure.message);
    } finally {
      setIsBusy(false);
    }
  }

  function onSubmitAddress(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isBusy) return;
    const parsed = ZLoginEmail.safeParse(newEmail.trim());
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message ?? 'Enter a valid email address');
      return;
    }
    setFieldError(null);
    void run(async () => {
      const answer = await beginStepUp();
      setMethod(answer.method);
      setProof('');
      setStep('prove');
    }, []);
  }

  function onSubmitProof(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isBusy || method === null) return;
    const { field } = STEP_UP_FIELDS[method];
    const message =
      field === 'password'
        ? proof === ''
          ? PASSWORD_REQUIRED_MESSAGE
          : null
        : (ZOtpCode.safeParse(proof.trim()).error?.issues[0]?.message ?? null);
    setFieldError(message);
    if (message !== null) return;
    void run(async () => {
      const value = field === 'password' ? proof : proof.trim();
      await requestEmailChange({ type: 'Email', value: newEmail.trim(), [field]: value });
      setCode('');
      setStep('confirm');
    }, [field, 'value']);
  }

  function onSubmitCode(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isBusy) return;
    const message = ZOtpCode.safeParse(code.trim()).error?.issues[0]?.message ?? null;
    setFieldError(message);
    if (message !== null) return;
    void run(async () => {
      await confirmEmailChange(newEmail.trim(), code.trim());
      // The change ends every other session: the list of devices shows it at once.
      await queryClient.invalidateQueries({ queryKey: sessionsQuery.queryKey });
      setStep('done');
    }, ['code', 'value']);
  }

  function onStartOver() {
    setStep('address');
    setMethod(null);
    setFieldError(null);
    setFormError(null);
  }

  const title = <h2 id="change-email-title">Sign-in address</h2>;

  if (step === 'done') {
    return (
      <section className="change-email" aria-labelledby="change-email-title">
        {title}
        <Alert variant="success">
          You now sign in with {newEmail.trim()}. We told your old address, with a way to undo it.
        </Alert>
      </section>
    );
  }

  if (step === 'confirm') {
    return (
      <section className="change-email" aria-labelledby="change-email-title">
        {title}
        <form className="auth-form" noValidate onSubmit={onSubmitCode}>
          <p>
            We sent a {OTP_CODE_DIGITS}-digit code to {newEmail.trim()}. Enter it to make it your
            sign-in address.
          </p>
          {formError !== null && <Alert variant="error">{formError}</Alert>}
          <OneTimeCodeField
            label="Code sent to your new address"
            name="code"
            value={code}
            error={fieldError}
            onChange={(event) => setCode(event.target.value)}
          />
          <StepButtons label="Confirm new address" isBusy={isBusy} onStartOver={onStartOver} />
        </form>
      </section>
    );
  }

  if (step === 'prove' && method !== null) {
    const { field, label, hint } = STEP_UP_FIELDS[method];
    const isPassword = field === 'password';
    return (
      <section className="change-email" aria-labelledby="change-email-title">
        {title}
        <form className="auth-form" noValidate onSubmit={onSubmitProof}>
          <p>First, show it is you. {hint}</p>
          {formError !== null && <Alert variant="error">{formError}</Alert>}
          <TextField
            label={label}
            name={field}
            type={isPassword ? 'password' : 'text'}
            inputMode={isPassword ? undefined : 'numeric'}
            autoComplete={isPassword ? 'current-password' : 'one-time-code'}
            maxLength={isPassword ? PASSWORD_MAX_LENGTH : OTP_CODE_DIGITS}
            isRequired
            value={proof}
            error={fieldError}
            onChange={(event) => setProof(event.target.value)}
          />
          <StepButtons label="Continue" isBusy={isBusy} onStartOver={onStartOver} />
        </form>
      </section>
    );
  }

  return (
    <section className="change-email" aria-labelledby="change-email-title">
      {title}
      <form className="auth-form" noValidate onSubmit={onSubmitAddress}>
        {currentEmail !== null && <p>You sign in with {currentEmail}.</p>}
        {formError !== null && <Alert variant="error">{formError}</Alert>}
        <EmailField
          label="New sign-in address"
          value={newEmail}
          error={fieldError}
          onChange={(event) => setNewEmail(event.target.value)}
        />
        <Button type="submit" isLoading={isBusy}>
          Change address
        </Button>
      </form>
    </section>
  );
}
