/**
 * Text fields of a kind the product asks for in several forms, set up once: an e-mail address and
 * a one-time code. Each takes a TextField's other props (label, value, error, onChange…).
 */
import { EMAIL_MAX_LENGTH, OTP_CODE_DIGITS } from '@pledge/domain';
import { TextField, type TTextFieldProps } from './text-field.js';

type TPresetFieldProps = Omit<
  TTextFieldProps,
  'type' | 'autoComplete' | 'inputMode' | 'spellCheck' | 'maxLength' | 'isRequired'
>;

/** An e-mail address to sign in or be reached with: the e-mail keyboard and autofill, required. */
export function EmailField(props: Omit<TPresetFieldProps, 'name'>) {
  return (
    <TextField
      type="email"
      name="email"
      autoComplete="email"
      inputMode="email"
      spellCheck={false}
      maxLength={EMAIL_MAX_LENGTH}
      isRequired
      {...props}
    />
  );
}

/**
 * A one-time code of OTP_CODE_DIGITS digits, e-mailed or from an authenticator app: the numeric
 * keyboard and the code's autofill, required.
 */
export function OneTimeCodeField(props: TPresetFieldProps & { name: string }) {
  return (
    <TextField
      autoComplete="one-time-code"
      inputMode="numeric"
      maxLength={OTP_CODE_DIGITS}
      isRequired
      {...props}
    />
  );
}
