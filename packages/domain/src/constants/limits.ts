/**
 * Amount, input, deadline and timing limits of both documents (§9 and §5).
 */

export type TBusinessDayRange = { readonly min: number; readonly max: number };

/** Minimum loan for US residents when the state has no minimum of its own ("about $5,000"). */
export const DEFAULT_MIN_LOAN_USD_DOMESTIC = 5000;

/**
 * Minimum loan for international residents. The spec names a separate international default without
 * its value; $10,000 is our choice (the higher fee and the USDC payout make smaller loans impractical).
 */
export const DEFAULT_MIN_LOAN_USD_INTERNATIONAL = 10000;

/**
 * The spec states no maximum loan amount. Forms, sliders and the server still need a bound, so the
 * platform caps a single loan at $2,000,000; larger loans are arranged with support.
 */
export const DEFAULT_MAX_LOAN_USD = 2_000_000;

/** Collateral quantities are kept to 6 decimals (also the offer form's "Maximum of N decimal places."). */
export const MAX_COLLATERAL_DECIMALS = 6;

/** Any numeric input allows at most 6 decimal places (document 2 §5). */
export const NUMERIC_INPUT_MAX_DECIMALS = 6;

/** US dollar amounts have at most 2 decimals (whole cents; document 2 §9: currency shows 2). */
export const USD_MAX_DECIMALS = 2;

/** Coin amounts in the transaction list show 4 decimals. */
export const COIN_DISPLAY_DECIMALS = 4;

/** Collateral amounts elsewhere show the full stored precision (the spec leaves this value open). */
export const COLLATERAL_DISPLAY_DECIMALS = 6;

export const WALLET_ADDRESS_MAX_LENGTH = 44;
export const ACCOUNT_NUMBER_MIN_DIGITS = 4;
export const ACCOUNT_NUMBER_MAX_DIGITS = 17;
export const ROUTING_NUMBER_DIGITS = 9;

/** Collateral must arrive within 5 calendar days of signing, or the application is cancelled. */
export const COLLATERAL_DEADLINE_CALENDAR_DAYS = 5;

/** Credit must stay unlocked this long after the application. */
export const CREDIT_UNLOCKED_DAYS = 30;

/** A refinancing application must be completed, signing included, within 14 days of its details. */
export const REFI_COMPLETION_CALENDAR_DAYS = 14;

/** Refinancing, custody-only: above this LTV a top-up is required to bring the LTV back to it. */
export const REFI_TOP_UP_TARGET_LTV_PCT = 55;

/** Refinancing: ownership-transfer pricing applies above the top-up target up to and including this. */
export const REFI_OWNERSHIP_TRANSFER_MAX_LTV_PCT = 70;

/** Refinancing stabilization (custody-only): the liquidation trigger moves to this LTV. */
export const REFI_STABILIZATION_TRIGGER_LTV_PCT = 85;

/** "Collateral not found" shows when no balance arrived this long after the borrower's opt-in. */
export const COLLATERAL_NOT_FOUND_AFTER_HOURS = 24;

/** The deposit address is displayed cut to this many characters. */
export const DEPOSIT_ADDRESS_DISPLAY_CHARS = 26;

/** A borrower must be an adult. */
export const MIN_BORROWER_AGE_YEARS = 18;

/** Collateral is returned within 1 business day of receiving a return address. */
export const COLLATERAL_RETURN_BUSINESS_DAYS = 1;

/** After an ACH payoff the crypto is held 3 weeks (the time an ACH debit can still be returned). */
export const CRYPTO_HOLD_AFTER_ACH_PAYOFF_DAYS = 21;

/** After a wire payoff the crypto is held 3 days. */
export const CRYPTO_HOLD_AFTER_WIRE_PAYOFF_DAYS = 3;

/** The USDC test transfer to an international borrower arrives within 1-3 business days. */
export const MICRO_TRANSFER_BUSINESS_DAYS: TBusinessDayRange = { min: 1, max: 3 };

/** ACH funds arrive within 3-5 business days. */
export const ACH_FUNDS_BUSINESS_DAYS: TBusinessDayRange = { min: 3, max: 5 };

/** The full disbursement follows the test-transfer verification within 1-3 business days. */
export const DISBURSEMENT_AFTER_VERIFY_BUSINESS_DAYS: TBusinessDayRange = { min: 1, max: 3 };

/*
 * Input bounds: the most any request field or list can hold, chosen from what the field means, so
 * that forms (maxLength), the contract (400) and the server's body limits agree.
 */

/** RFC 5321: an e-mail address is at most 254 characters in all… */
export const EMAIL_MAX_LENGTH = 254;
/** …and at most 64 before the `@`. */
export const EMAIL_LOCAL_PART_MAX_LENGTH = 64;

/** A password of the legacy sign-in. */
export const PASSWORD_MAX_LENGTH = 256;

/** The user agent recorded with a signature (a disclosure's or a refinancing's); longer ones are cut. */
export const SIGNATURE_USER_AGENT_MAX_LENGTH = 512;

/** A first or last name (the loan details form; the profile). */
export const NAME_MAX_LENGTH = 50;
/** A street line of an address. */
export const STREET_MAX_LENGTH = 100;
/** A city, or a region or province abroad. */
export const CITY_MAX_LENGTH = 50;
/** A US ZIP code as typed: `12345-6789`. */
export const US_ZIP_MAX_LENGTH = 10;
/** A postal code abroad. */
export const POSTAL_CODE_MAX_LENGTH = 16;
/** An SSN as typed: `123-45-6789`. */
export const SSN_INPUT_MAX_LENGTH = 11;
/** A phone number as typed, with spaces, dashes, brackets and the country code. */
export const PHONE_INPUT_MAX_LENGTH = 24;
/** A date as sent: `YYYY-MM-DD`. */
export const ISO_DATE_LENGTH = 10;

/** A borrower's addresses on the profile: home, mailing, a previous one or two. */
export const PROFILE_ADDRESSES_MAX_COUNT = 5;
/** A borrower's phone numbers on the profile. */
export const PROFILE_PHONE_NUMBERS_MAX_COUNT = 5;
/** Consents on the profile: one per consent type and version shown, a few versions each at most. */
export const PROFILE_CONSENTS_MAX_COUNT = 20;
/** Accounts one bank link can return (Plaid lists every account of the login). */
export const BANK_LINK_ACCOUNTS_MAX_COUNT = 50;
/** Apps a banner can show in. */
export const BANNER_APPS_MAX_COUNT = 20;
/** Brands a feature flag can be overridden for: more belong in the rollout, not in overrides. */
export const FLAG_ORGANIZATION_OVERRIDES_MAX_COUNT = 100;
/** Query parameters, and event properties, one telemetry event carries (each). */
export const TELEMETRY_PROPERTIES_MAX_COUNT = 16;
/** A telemetry query parameter or event property name. */
export const TELEMETRY_KEY_MAX_LENGTH = 128;
/** A telemetry query parameter or event property value. */
export const TELEMETRY_VALUE_MAX_LENGTH = 256;

/**
 * Request bodies. A JSON route's limit is what its largest valid body needs, worked out from its
 * schema's bounds (every character written as a six-byte `\uXXXX` escape, as some JSON encoders
 * do), plus this much for whitespace and key order…
 */
export const JSON_BODY_HEADROOM_BYTES = 1024;
/** …and a route whose schema has no bound (a contract test refuses those) gets this. */
export const JSON_BODY_DEFAULT_MAX_BYTES = 64 * 1024;

/** A wallet address to return collateral to: BIP 173 caps a bech32 address at 90 characters. */
export const RETURN_ADDRESS_MAX_LENGTH = 90;

/** An agent's reason or note, kept in the audit trail. */
export const OPS_REASON_MAX_LENGTH = 500;

/** A loan id of the defunct lender, as typed on the refinancing lookup. */
export const CELSIUS_LOAN_ID_MAX_LENGTH = 32;

/** A coin quantity as a decimal string: whole coins and up to 18 decimals (ETH's wei), with room. */
export const COIN_QUANTITY_MAX_LENGTH = 40;

/** A funded loan can be renewed from this many days before its maturity until maturity. */
export const RENEWAL_WINDOW_DAYS = 30;

/** Interest accrues daily on an actual/365 basis. */
export const INTEREST_DAY_COUNT_DAYS_PER_YEAR = 365;

/** Renewal offer: an initial LTV under this is more collateral than borrowers typically pledge. */
export const RENEWAL_LOW_LTV_WARNING_PCT = 20;

/*
 * The borrower's money routes, per client address: what a person does in a minute with room for a
 * retry or a second tab, far below a script's pace. Each route counts on its own.
 */
/** ACH payments (POST …/loans/{loanUuid}/payments). */
export const SERVICING_PAYMENTS_PER_IP_PER_MINUTE = 10;
/** Payoffs paid (POST …/payoff). */
export const SERVICING_PAYOFFS_PER_IP_PER_MINUTE = 5;
/** Payoff quotes asked for (POST …/payoff-quote): the payoff page asks again as it refreshes. */
export const SERVICING_PAYOFF_QUOTES_PER_IP_PER_MINUTE = 20;
/** Interest deferrals asked for (POST …/deferrals). */
export const SERVICING_DEFERRALS_PER_IP_PER_MINUTE = 5;
/** Deferral previews (POST …/deferrals/preview): read-only, shown before the deferral. */
export const SERVICING_DEFERRAL_PREVIEWS_PER_IP_PER_MINUTE = 20;
/** Autopay switched on or off (PUT …/autopay). */
export const SERVICING_AUTOPAY_CHANGES_PER_IP_PER_MINUTE = 10;
