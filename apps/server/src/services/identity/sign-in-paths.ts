import { ZLocalPath } from '@pledge/contract';
import { BASE_PATH, isLoginRedirectAllowed, type TSignInAudience } from '@pledge/domain';

/** The hosted sign-in page of the web app. */
export const HOSTED_SIGN_IN_PATH = '/auth/login';

/** Where a sign-in lands when it asked for nowhere (or for somewhere not allowed). */
export const DEFAULT_LANDING: Readonly<Record<TSignInAudience, string>> = {
  customer: BASE_PATH,
  agent: '/ops',
};

function hasControlCharacter(text: string): boolean {
  return [...text].some((char) => {
    const code = char.charCodeAt(0);
    return code < 0x20 || code === 0x7f;
  });
}

/**
 * The return path of a sign-in: the one asked for when document 2 §5 allows it (a slash and a
 * lower-case letter) and it stays on this site, else the audience's landing page.
 */
export function returnPathFor(audience: TSignInAudience, redirectUrl: string | undefined): string {
  return redirectUrl !== undefined &&
    isLoginRedirectAllowed(redirectUrl) &&
    !hasControlCharacter(redirectUrl) &&
    ZLocalPath.safeParse(redirectUrl).success
    ? redirectUrl
    : DEFAULT_LANDING[audience];
}

/** The hosted sign-in page for an audience, as logout answers it and login redirects to it. */
export function hostedSignInPath(
  audience: TSignInAudience,
  params: { redirectUrl?: string; nonce?: string } = {},
): string {
  const query = new URLSearchParams();
  if (audience !== 'customer' || params.nonce !== undefined) query.set('audience', audience);
  if (params.redirectUrl !== undefined) query.set('redirectUrl', params.redirectUrl);
  if (params.nonce !== undefined) query.set('nonce', params.nonce);
  const search = query.toString();
  return search === '' ? HOSTED_SIGN_IN_PATH : `${HOSTED_SIGN_IN_PATH}?${search}`;
}
