import { paths } from '../../config/paths.js';

/** A public link's token as the server makes them: 32 random bytes, base64url. */
const PROOF_TOKEN = /^[A-Za-z0-9_-]{43}$/;

export function isProofToken(value: string): boolean {
  return PROOF_TOKEN.test(value);
}

/** The whole address of a public proof page, to copy and share. */
export function proofLinkUrl(token: string, origin: string = window.location.origin): string {
  return `${origin}${paths.collateralProof.getHref(token)}`;
}
