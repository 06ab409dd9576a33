/**
 * Sign-in inputs (document 2 §5 and DESIGN §3): the return path, the email and the one-time code.
 */
import { z } from 'zod/mini';
import { EMAIL_LOCAL_PART_MAX_LENGTH, EMAIL_MAX_LENGTH } from '../constants/limits.js';
import { isLoginRedirectAllowed } from '../routing.js';

export const OTP_CODE_DIGITS = 6;

export const LOGIN_MESSAGES = {
  email: 'Enter a valid email address',
  code: `Enter the ${OTP_CODE_DIGITS}-digit code`,
  redirect: 'Invalid return path',
} as const;

/** A return path after sign-in: a slash followed by a lowercase letter (never another origin). */
export const ZLoginRedirect = z
  .string({ error: LOGIN_MESSAGES.redirect })
  .check(z.refine(isLoginRedirectAllowed, { error: LOGIN_MESSAGES.redirect }));

/** Whether the part before the last `@` fits RFC 5321's 64 characters. */
export function hasShortLocalPart(email: string): boolean {
  const at = email.lastIndexOf('@');
  return at >= 0 && at <= EMAIL_LOCAL_PART_MAX_LENGTH;
}

/**
 * The one e-mail address schema of every request that takes one (sign-in, profile, waitlist, agents,
 * details): trimmed, RFC 5321's lengths (254 in all, 64 before the `@`), then the address form.
 */
export const ZLoginEmail = z.pipe(
  z
    .string({ error: LOGIN_MESSAGES.email })
    .check(
      z.trim(),
      z.maxLength(EMAIL_MAX_LENGTH, { error: LOGIN_MESSAGES.email, abort: true }),
      z.refine(hasShortLocalPart, { error: LOGIN_MESSAGES.email, abort: true }),
    ),
  z.email({ error: LOGIN_MESSAGES.email }),
);

export const ZOtpCode = z
  .string({ error: LOGIN_MESSAGES.code })
  .check(
    z.trim(),
    z.maxLength(OTP_CODE_DIGITS, { error: LOGIN_MESSAGES.code, abort: true }),
    z.regex(new RegExp(`^\\d{${OTP_CODE_DIGITS}}$`), { error: LOGIN_MESSAGES.code }),
  );

export const ZOtpStartForm = z.object({ email: ZLoginEmail });
export type TOtpStartForm = z.infer<typeof ZOtpStartForm>;

export const ZOtpVerifyForm = z.object({ email: ZLoginEmail, code: ZOtpCode });
export type TOtpVerifyForm = z.infer<typeof ZOtpVerifyForm>;
