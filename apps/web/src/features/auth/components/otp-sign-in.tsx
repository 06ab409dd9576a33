import { useEffect, useRef, useState, type FormEvent } from 'react';
import {
  fieldErrorsOf,
  OTP_CODE_DIGITS,
  ZOtpCode,
  ZOtpStartForm,
  ZOtpVerifyForm,
  type TSignInAudience,
} from '@pledge/domain';
import { isApiError } from '../../../api/client.js';
import { useBrand } from '../../../brand/brand-context.js';
import { Alert } from '../../../ui/alert/alert.js';
import { Button } from '../../../ui/button/button.js';
import { EmailField, OneTimeCodeField } from '../../../ui/text-field/preset-fields.js';
import { readPendingSignIn } from '../../session/session-storage.js';
import { startOtp, verifyOtp } from '../api/sign-in-calls.js';
import { completeSignIn } from '../complete-sign-in.js';
import { loginTarget } from '../login-target.js';
import { signInFailure } from '../sign-in-error.js';
import { AuthenticatorCodeField } from './authenticator-code-field.js';

interface TOtpSignInProps {
  audience: TSignInAudience;
  nonce: string;
  /** Whether the nonce came from the broker's login, which then knows where to return. */
  isBrokerNonce: boolean;
  requestedRedirect: string | null;
}

type TStep = 'email' | 'code';

/** The broker's answer when the account also needs its authenticator code. */
const TOTP_REQUIRED_CODE = 'TOTP_REQUIRED';

/** Sign-in by a 6-digit code e-mailed by the identity broker: e-mail, then code. */
export function OtpSignIn({ audience, nonce, isBrokerNonce, requestedRedirect }: TOtpSignInProps) {
  const { orgCode } = useBrand();
  const [step, setStep] = useState<TStep>('email');
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [totp, setTotp] = useState('');
  const [needsTotp, setNeedsTotp] = useState(false);
  const [totpError, setTotpError] = useState<string | null>(null);
  const [emailError, setEmailError] = useState<string | null>(null);
  const [codeError, setCodeError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [isSending, setIsSending] = useState(false);
  const [isVerifying, setIsVerifying] = useState(false);
  const codeInput = useRef<HTMLInputElement>(null);
  const totpInput = useRef<HTMLInputElement>(null);
  const emailInput = useRef<HTMLInputElement>(null);

  // After a change of step (not on arrival: the layout manages focus then), the field to fill.
  const shownStep = useRef(step);
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    (step === 'code' ? codeInput : emailInput).current?.focus();
  }, [step]);

  // The authenticator field appears when the broker asks for it; the person continues there.
  useEffect(() => {
    if (needsTotp) totpInput.current?.focus();
  }, [needsTotp]);

  async function sendCode(address: string, isResend: boolean) {
    setIsSending(true);
    setFormError(null);
    try {
      await startOtp({ audience, email: address, nonce, orgCode });
      setStep('code');
      setCode('');
      setCodeError(null);
      setTotp('');
      setTotpError(null);
      setNotice(
        isResend
          ? `We sent a new code to ${address}. Only the newest code works.`
          : `We sent a ${OTP_CODE_DIGITS}-digit code to ${address}. It may take a minute to arrive.`,
      );
    } catch (error) {
      const failure = signInFailure(error, ['email']);
      setEmailError(failure.fieldErrors.email ?? null);
      setFormError(failure.message);
    } finally {
      setIsSending(false);
    }
  }

  function onSubmitEmail(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isSending) return;
    const errors = fieldErrorsOf(ZOtpStartForm, { email });
    const message = errors.email?.[0] ?? null;
    setEmailError(message);
    if (message !== null) {
      emailInput.current?.focus();
      return;
    }
    void sendCode(email.trim(), false);
  }

  async function onSubmitCode(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isVerifying) return;
    const errors = fieldErrorsOf(ZOtpVerifyForm, { email, code });
    const message = errors.code?.[0] ?? null;
    const totpMessage = needsTotp
      ? (ZOtpCode.safeParse(totp).error?.issues[0]?.message ?? null)
      : null;
    setCodeError(message);
    setTotpError(totpMessage);
    setFormError(null);
    if (message !== null) {
      codeInput.current?.focus();
      return;
    }
    if (totpMessage !== null) {
      totpInput.current?.focus();
      return;
    }
    setIsVerifying(true);
    try {
      const answer = await verifyOtp({
        audience,
        email: email.trim(),
        code: code.trim(),
        ...(needsTotp ? { totp: totp.trim() } : {}),
        nonce,
        orgCode,
      });
      completeSignIn({
        jwt: answer.jwt,
        audience,
        target: loginTarget({
          audience,
          brokerRedirect: answer.redirectUrl,
          isBrokerNonce,
          requestedRedirect,
          pending: readPendingSignIn(),
        }),
      });
    } catch (error) {
      setIsVerifying(false);
      if (isApiError(error) && error.code === TOTP_REQUIRED_CODE) {
        // The e-mailed code was right and stays usable: only the second factor is missing.
        setNeedsTotp(true);
        setCodeError(null);
        setTotpError(null);
        setFormError(error.message);
        return;
      }
      const failure = signInFailure(error, ['code', 'totp']);
      setCodeError(failure.fieldErrors.code ?? null);
      setTotpError(failure.fieldErrors.totp ?? null);
      setFormError(failure.message);
      if (failure.fieldErrors.code !== undefined) codeInput.current?.focus();
      else if (failure.fieldErrors.totp !== undefined) totpInput.current?.focus();
    }
  }

  function onChangeEmail() {
    setStep('email');
    setNotice(null);
    setFormError(null);
    setCodeError(null);
  }

  if (step === 'email') {
    return (
      <form className="auth-form" noValidate onSubmit={onSubmitEmail}>
        <p>
          Enter your e-mail address and we will send you a {OTP_CODE_DIGITS}-digit sign-in code.
        </p>
        {formError !== null && <Alert variant="error">{formError}</Alert>}
        <EmailField
          ref={emailInput}
          label="Email address"
          value={email}
          error={emailError}
          onChange={(event) => setEmail(event.target.value)}
        />
        <Button type="submit" isLoading={isSending}>
          Send code
        </Button>
      </form>
    );
  }

  return (
    <form className="auth-form" noValidate onSubmit={(event) => void onSubmitCode(event)}>
      {notice !== null && (
        <Alert variant="success" isLive>
          {notice}
        </Alert>
      )}
      {formError !== null && <Alert variant="error">{formError}</Alert>}
      <OneTimeCodeField
        ref={codeInput}
        label="Sign-in code"
        description={`The ${OTP_CODE_DIGITS} digits from the e-mail.`}
        name="code"
        value={code}
        error={codeError}
        onChange={(event) => setCode(event.target.value.replace(/\D/g, ''))}
      />
      {needsTotp && (
        <AuthenticatorCodeField
          ref={totpInput}
          value={totp}
          error={totpError}
          onDigitsChange={setTotp}
        />
      )}
      <Button type="submit" isLoading={isVerifying}>
        Sign in
      </Button>
      <div className="auth-form__secondary">
        <Button
          variant="link"
          isLoading={isSending}
          onClick={() => void sendCode(email.trim(), true)}
        >
          Send a new code
        </Button>
        <Button variant="link" onClick={onChangeEmail}>
          Use a different e-mail address
        </Button>
      </div>
    </form>
  );
}
