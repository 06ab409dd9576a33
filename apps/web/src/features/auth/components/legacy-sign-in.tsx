import { useEffect, useRef, useState, type FormEvent } from 'react';
import { ZPostLegacyLoginBody } from '@pledge/contract';
import {
  EMAIL_MAX_LENGTH,
  fieldErrorsOf,
  PASSWORD_MAX_LENGTH,
  type TSignInAudience,
} from '@pledge/domain';
import { isApiError } from '../../../api/client.js';
import { useBrand } from '../../../brand/brand-context.js';
import { Alert } from '../../../ui/alert/alert.js';
import { Button } from '../../../ui/button/button.js';
import { TextField } from '../../../ui/text-field/text-field.js';
import { readPendingSignIn } from '../../session/session-storage.js';
import { legacyLogin } from '../api/sign-in-calls.js';
import { completeSignIn } from '../complete-sign-in.js';
import { loginTarget } from '../login-target.js';
import { signInFailure } from '../sign-in-error.js';
import { AuthenticatorCodeField } from './authenticator-code-field.js';

export const PASSWORD_EXPIRED_MESSAGE =
  'Your password has expired. Sign in with a code sent by e-mail instead.';

const TOTP_REQUIRED_CODE = 'TOTP_REQUIRED';

interface TLegacySignInProps {
  audience: TSignInAudience;
  requestedRedirect: string | null;
}

type TField = 'email' | 'password' | 'totp';

/** The fallback sign-in of the legacy identity service: e-mail and password, then TOTP if on. */
export function LegacySignIn({ audience, requestedRedirect }: TLegacySignInProps) {
  const { orgCode } = useBrand();
  const [values, setValues] = useState<Record<TField, string>>({
    email: '',
    password: '',
    totp: '',
  });
  const [errors, setErrors] = useState<Partial<Record<TField, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [needsTotp, setNeedsTotp] = useState(false);
  const [isSubmitting, setIsSubmitting] = useState(false);
  const emailInput = useRef<HTMLInputElement>(null);
  const passwordInput = useRef<HTMLInputElement>(null);
  const totpInput = useRef<HTMLInputElement>(null);

  // The code field appears when the server asks for it; the person continues there.
  useEffect(() => {
    if (needsTotp) totpInput.current?.focus();
  }, [needsTotp]);

  function onChange(field: TField, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
  }

  function showErrors(found: Partial<Record<TField, string>>) {
    setErrors(found);
    const inputs = { email: emailInput, password: passwordInput, totp: totpInput };
    const first = (['email', 'password', 'totp'] as const).find((field) => found[field]);
    if (first !== undefined) inputs[first].current?.focus();
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isSubmitting) return;
    const body = {
      email: values.email,
      password: values.password,
      ...(needsTotp || values.totp !== '' ? { totp: values.totp } : {}),
    };
    const found = fieldErrorsOf(ZPostLegacyLoginBody, body);
    setFormError(null);
    const fieldMessages = {
      email: found.email?.[0],
      password: found.password?.[0],
      totp: found.totp?.[0],
    };
    if (Object.values(fieldMessages).some((message) => message !== undefined)) {
      showErrors(fieldMessages);
      return;
    }
    setErrors({});
    setIsSubmitting(true);
    try {
      const answer = await legacyLogin(ZPostLegacyLoginBody.parse(body), orgCode);
      if (answer.passwordExpired) {
        // An expired password grants nothing; the e-mailed code is the way in.
        setFormError(PASSWORD_EXPIRED_MESSAGE);
        setIsSubmitting(false);
        return;
      }
      completeSignIn({
        jwt: answer.jwt,
        audience,
        target: loginTarget({
          audience,
          brokerRedirect: null,
          isBrokerNonce: false,
          requestedRedirect,
          pending: readPendingSignIn(),
        }),
      });
    } catch (error) {
      setIsSubmitting(false);
      if (isApiError(error) && error.code === TOTP_REQUIRED_CODE) {
        setNeedsTotp(true);
        setErrors({});
        setFormError(error.message);
        return;
      }
      const failure = signInFailure(error, ['email', 'password', 'totp']);
      showErrors(failure.fieldErrors);
      setFormError(failure.message);
    }
  }

  return (
    <form className="auth-form" noValidate onSubmit={(event) => void onSubmit(event)}>
      <p>Sign in with the e-mail address and password of your account.</p>
      {formError !== null && <Alert variant="error">{formError}</Alert>}
      <TextField
        ref={emailInput}
        label="Email address"
        type="email"
        name="email"
        autoComplete="username"
        spellCheck={false}
        maxLength={EMAIL_MAX_LENGTH}
        isRequired
        value={values.email}
        error={errors.email ?? null}
        onChange={(event) => onChange('email', event.target.value)}
      />
      <TextField
        ref={passwordInput}
        label="Password"
        type="password"
        name="password"
        autoComplete="current-password"
        maxLength={PASSWORD_MAX_LENGTH}
        isRequired
        value={values.password}
        error={errors.password ?? null}
        onChange={(event) => onChange('password', event.target.value)}
      />
      {needsTotp && (
        <AuthenticatorCodeField
          ref={totpInput}
          value={values.totp}
          error={errors.totp ?? null}
          onDigitsChange={(digits) => onChange('totp', digits)}
        />
      )}
      <Button type="submit" isLoading={isSubmitting}>
        Sign in
      </Button>
    </form>
  );
}
