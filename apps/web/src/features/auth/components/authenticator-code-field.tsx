import type { Ref } from 'react';
import { OTP_CODE_DIGITS } from '@pledge/domain';
import { OneTimeCodeField } from '../../../ui/text-field/preset-fields.js';

/**
 * The second factor a sign-in asks for once the server says the account has one: the code the
 * authenticator app shows now, kept to its digits as it is typed.
 */
export function AuthenticatorCodeField({
  ref,
  value,
  error,
  onDigitsChange,
}: {
  ref: Ref<HTMLInputElement>;
  value: string;
  error: string | null;
  onDigitsChange: (digits: string) => void;
}) {
  return (
    <OneTimeCodeField
      ref={ref}
      label="Authenticator code"
      description={`The ${OTP_CODE_DIGITS}-digit code your authenticator app shows now.`}
      name="totp"
      value={value}
      error={error}
      onChange={(event) => onDigitsChange(event.target.value.replace(/\D/g, ''))}
    />
  );
}
