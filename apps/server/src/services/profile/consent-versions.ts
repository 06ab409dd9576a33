import type { TConsentType } from '@pledge/domain';

/**
 * The version of each consent text the product shows now. A borrower's consent is recorded with
 * the version they saw; publishing a new text means a new version here, and the consent-types call
 * then answers OPT_OUT for everyone until they accept it again.
 */
export const CURRENT_CONSENT_VERSIONS: Readonly<Record<TConsentType, string>> = {
  PRIVACY: '2025-01-15',
  TERMS: '2025-01-15',
  COMMUNICATIONS: '2025-01-15',
  MARKETING: '2025-01-15',
  SOFT_CREDIT: '2025-01-15',
};
