import {
  BASE_PATH,
  isLoginRedirectAllowed,
  type TSignInAudience,
  type TSignInMode,
} from '@pledge/domain';
import { paths } from '../../config/paths.js';

/** The query parameter that forces a sign-in mode (`?signInMode=broker|legacy`). */
export const SIGN_IN_MODE_PARAM = 'signInMode';

/** Where a sign-in lands when it asked for nowhere (or for somewhere not allowed). */
export const DEFAULT_LANDING: Readonly<Record<TSignInAudience, string>> = {
  customer: BASE_PATH,
  agent: paths.ops.getHref(),
};

/** The agents' console and everything below it needs an agent; every other page a customer. */
export function audienceForPath(pathname: string): TSignInAudience {
  const ops = paths.ops.getHref();
  return pathname === ops || pathname.startsWith(`${ops}/`) ? 'agent' : 'customer';
}

/** The sign-in mode forced by the address, if any. */
export function forcedSignInMode(search: string | URLSearchParams): TSignInMode | undefined {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const value = params.get(SIGN_IN_MODE_PARAM);
  return value === 'broker' || value === 'legacy' ? value : undefined;
}

/** A return path after sign-in, or the audience's landing page when it is not allowed. */
export function safeReturnPath(audience: TSignInAudience, path: string | null | undefined): string {
  return isLoginRedirectAllowed(path) ? path : DEFAULT_LANDING[audience];
}

/** The sign-in page (/auth/login) for an audience, a return path and, optionally, a forced mode. */
export function loginPageHref(input: {
  audience: TSignInAudience;
  redirectUrl?: string;
  signInMode?: TSignInMode;
}): string {
  const query = new URLSearchParams();
  if (input.audience === 'agent') query.set('audience', 'agent');
  if (input.redirectUrl !== undefined) query.set('redirectUrl', input.redirectUrl);
  if (input.signInMode !== undefined) query.set(SIGN_IN_MODE_PARAM, input.signInMode);
  const search = query.toString();
  return search === '' ? paths.login.getHref() : `${paths.login.getHref()}?${search}`;
}
