/**
 * The enumerations of both spec documents (§3). Every other module, the contract, the server and the
 * web app import these; nobody spells the values again.
 */

export const COLLATERAL_TYPES = ['BTC', 'ETH', 'SOL'] as const;
export type TCollateralType = (typeof COLLATERAL_TYPES)[number];

/** SOL is shown as a name only; offers are made for these types alone. */
export const OFFERED_COLLATERAL_TYPES = [
  'BTC',
  'ETH',
] as const satisfies readonly TCollateralType[];
export type TOfferedCollateralType = (typeof OFFERED_COLLATERAL_TYPES)[number];

export const COLLATERAL_DISPLAY_NAMES: Record<TCollateralType, string> = {
  BTC: 'Bitcoin',
  ETH: 'Ethereum',
  SOL: 'Solana',
};

export const STAGES = [
  'UNINITIALIZED_STATE',
  'APPLYING',
  'PROCESSING',
  'ORIGINATING',
  'COLLATERAL_RELEASE',
  'FINAL',
] as const;
export type TStage = (typeof STAGES)[number];

/**
 * The way of an application from its submitted details (the credit pull starts) until the funds are
 * released, in order.
 */
export const SUBMITTED_UNTIL_FUNDED_STATES = [
  'ATTACH_PROFILE',
  'SOFT_CREDIT',
  'GEN_APP_DISCLOSURES',
  'SIGN_DOCS',
  'WAITING_FOR_COLLATERAL',
  'CRYPTO_FUNDING_VERIFY',
  'BORROWER_MICRO_DEPOSIT_CONFIRM',
  'MANUAL_FUNDING_RELEASE',
] as const;

/** Every application state the server can hold (DESIGN §5 plus the refinancing states of seed 2). */
export const APPLICATION_STATES = [
  'CREATED',
  'OFFER_ACCEPTED',
  ...SUBMITTED_UNTIL_FUNDED_STATES,
  'COMPLETE',
  'PAID_OFF',
  'COLLATERAL_RELEASED',
  'DECLINED',
  'CANCELLED',
  'SOFT_CREDIT_NO_MATCH',
  'SOFT_CREDIT_LOCKED',
  'SOFT_CREDIT_FROZEN',
  'CELSIUS_TOP_UP_REQUESTED',
  'CELSIUS_WAITING_FOR_TOP_UP',
  'CELSIUS_FULL_COLLATERAL_RECEIVED',
  /** A funded loan replaced by its renewal (the renewal is the active loan now). */
  'RENEWED',
] as const;
export type TApplicationState = (typeof APPLICATION_STATES)[number];

export const RESIDENCY_TYPES = ['UNITED_STATES', 'INTERNATIONAL'] as const;
export type TResidencyType = (typeof RESIDENCY_TYPES)[number];

export const WITHDRAWAL_RESULTS = [
  'SUCCESS',
  'WITHDRAWAL_FAILED',
  'NO_COLLATERAL',
  'PENDING_TRANSACTIONS',
  'DUPLICATE_REQUEST',
  'INVALID_ADDRESS',
] as const;
export type TWithdrawalResult = (typeof WITHDRAWAL_RESULTS)[number];

export const BANK_LINK_STATUSES = [
  'PENDING',
  'PENDING_VERIFICATION',
  'UPDATING',
  'NEEDS_LOGIN',
  'FAILED',
  'FAILED_NO_RETRY',
  'COMPLETE',
] as const;
export type TBankLinkStatus = (typeof BANK_LINK_STATUSES)[number];

export const FINAL_STEP_NAMES = [
  'Verify Identity',
  'Review Agreements',
  'Disbursement Account',
  'Post Collateral',
] as const;
export type TFinalStepName = (typeof FINAL_STEP_NAMES)[number];

export const FINAL_STEP_STATUSES = [
  'NOT_STARTED',
  'IN_PROGRESS',
  'PENDING',
  'COMPLETED',
  'NOT_REQUIRED',
] as const;
export type TFinalStepStatus = (typeof FINAL_STEP_STATUSES)[number];

export const WALLET_SOURCE_TYPES = ['SELF_HOSTED', 'CUSTODIAL'] as const;
export type TWalletSourceType = (typeof WALLET_SOURCE_TYPES)[number];
export const DEFAULT_WALLET_SOURCE_TYPE: TWalletSourceType = 'CUSTODIAL';

export const COLLATERAL_REUSE_CONSENTS = [
  'DECLINE_REHYPOTHECATION',
  'ALLOW_REHYPOTHECATION',
] as const;
export type TCollateralReuseConsent = (typeof COLLATERAL_REUSE_CONSENTS)[number];

export const CONSENT_CHOICES = ['OPT_IN', 'OPT_OUT'] as const;
export type TConsentChoice = (typeof CONSENT_CHOICES)[number];

export const CONSENT_TYPES = [
  'PRIVACY',
  'TERMS',
  'COMMUNICATIONS',
  'MARKETING',
  'SOFT_CREDIT',
] as const;
export type TConsentType = (typeof CONSENT_TYPES)[number];

export const CONTACT_IDENTIFIER_TYPES = [
  'Unknown',
  'Email',
  'Phone',
  'FirebaseUid',
  'TOTP',
  'Name',
  'ProvenanceIdentityUuid',
  'PublicKey',
  'BusinessName',
] as const;
export type TContactIdentifierType = (typeof CONTACT_IDENTIFIER_TYPES)[number];

export const DOCUMENT_SIDES = ['FRONT', 'BACK'] as const;
export type TDocumentSide = (typeof DOCUMENT_SIDES)[number];

export const ADDRESS_TYPES = ['HOME', 'MAILING', 'SECONDARY', 'INVESTMENT'] as const;
export type TAddressType = (typeof ADDRESS_TYPES)[number];

export const NAME_SUFFIXES = ['Jr', 'Sr', 'I', 'II', 'III', 'IV', 'V'] as const;
export type TNameSuffix = (typeof NAME_SUFFIXES)[number];

export const ID_TYPES = ['DRIVERS_LICENSE', 'STATE_ID', 'PASSPORT'] as const;
export type TIdType = (typeof ID_TYPES)[number];

export const BANK_ACCOUNT_TYPES = ['CHECKING', 'SAVINGS'] as const;
export type TBankAccountType = (typeof BANK_ACCOUNT_TYPES)[number];

export const USDC_CHAINS = [
  'Arbitrum',
  'Avalanche',
  'Base',
  'Ethereum',
  'Noble',
  'OP Mainnet',
  'Polygon PoS',
  'Provenance',
  'Solana',
] as const;
export type TUsdcChain = (typeof USDC_CHAINS)[number];

export const SIGN_IN_AUDIENCES = ['customer', 'agent'] as const;
export type TSignInAudience = (typeof SIGN_IN_AUDIENCES)[number];

export const BANNER_VARIANTS = ['info', 'warn'] as const;
export type TBannerVariant = (typeof BANNER_VARIANTS)[number];
