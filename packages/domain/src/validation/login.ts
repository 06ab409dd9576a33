/**
 * Sign-in inputs (document 2 §5 and DESIGN §3): the return path, the email and the one-time code.
 */
import { z } from 'zod/mini';
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

export const ZLoginEmail = z.pipe(
  z.string({ error: LOGIN_MESSAGES.email }).check(z.trim()),
  z.email({ error: LOGIN_MESSAGES.email }),
);

export const ZOtpCode = z
  .string({ error: LOGIN_MESSAGES.code })
  .check(
    z.trim(),
    z.regex(new RegExp(`^\\d{${OTP_CODE_DIGITS}}$`), { error: LOGIN_MESSAGES.code }),
  );

export const ZOtpStartForm = z.object({ email: ZLoginEmail });
export type TOtpStartForm = z.infer<typeof ZOtpStartForm>;

export const ZOtpVerifyForm = z.object({ email: ZLoginEmail, code: ZOtpCode });
export type TOtpVerifyForm = z.infer<typeof ZOtpVerifyForm>;
