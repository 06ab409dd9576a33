/**
 * The defunct lender's loan tape: what one row says about a legacy loan, how a CSV tape is read row
 * by row, and why a legacy loan cannot be refinanced (document 2 §8). Pure: no I/O.
 */
import { z } from 'zod/mini';
import { CELSIUS_LOAN_ID_MAX_LENGTH } from './constants/limits.js';
import { COLLATERAL_TYPES, type TCollateralType } from './enums.js';
import { usdToCents } from './money.js';
import { isWithinDecimals } from './validation/numeric-text.js';
import { isDomainError } from './errors.js';

/** Where the old lender held the coins (informational for agents; every arrangement is refinanceable). */
export const REFI_CUSTODY_ARRANGEMENTS = ['CUSTODY', 'EARN', 'WITHHOLD'] as const;
export type TRefiCustodyArrangement = (typeof REFI_CUSTODY_ARRANGEMENTS)[number];

/** OPEN until a refinancing of the loan completes. */
export const REFI_TAPE_LOAN_STATUSES = ['OPEN', 'REFINANCED'] as const;
export type TRefiTapeLoanStatus = (typeof REFI_TAPE_LOAN_STATUSES)[number];

/** Sandbox seed rows or rows an agent imported. */
export const REFI_TAPE_SOURCES = ['SANDBOX', 'IMPORT'] as const;
export type TRefiTapeSource = (typeof REFI_TAPE_SOURCES)[number];

/** The payoff owed to the old lender's estate: OWED at completion, CONFIRMED once an agent paid it. */
export const REFI_ESTATE_PAYOFF_STATUSES = ['OWED', 'CONFIRMED'] as const;
export type TRefiEstatePayoffStatus = (typeof REFI_ESTATE_PAYOFF_STATUSES)[number];

/** Why a legacy loan is not eligible (document 2 §8 lists these three). */
export const REFI_INELIGIBLE_REASONS = [
  'JURISDICTION_NOT_SERVED',
  'BELOW_MINIMUM_LOAN_AMOUNT',
  'NO_VALID_PASSPORT',
] as const;
export type TRefiIneligibleReason = (typeof REFI_INELIGIBLE_REASONS)[number];

export const REFI_INELIGIBLE_REASON_MESSAGES: Readonly<Record<TRefiIneligibleReason, string>> = {
  JURISDICTION_NOT_SERVED: 'We do not lend in the state or jurisdiction of this loan',
  BELOW_MINIMUM_LOAN_AMOUNT: 'The loan is below the minimum loan amount',
  NO_VALID_PASSPORT: 'We have no valid passport on file for this loan',
};

/** The answer when a loan id is unknown, or not the caller's (never says which). */
export const REFI_LOAN_NOT_FOUND_MESSAGE = 'We could not find a Celsius loan with this ID';

/**
 * A tape is at most this many data rows and characters: a defunct lender's book for one brand is a
 * few thousand loans; a larger book is imported in several files.
 */
export const REFI_TAPE_MAX_ROWS = 5000;
/** The file, UTF-8, sent as text/csv: 1 MiB holds 5,000 rows of about 200 bytes. */
export const REFI_TAPE_MAX_BYTES = 1024 * 1024;
export const REFI_TAPE_MAX_CHARS = REFI_TAPE_MAX_BYTES;

/** The header the CSV must start with, in this order. */
export const REFI_TAPE_COLUMNS = [
  'loan_id',
  'borrower_email',
  'collateral_type',
  'collateral_quantity',
  'principal_outstanding_usd',
  'jurisdiction',
  'passport_on_file',
  'custody_arrangement',
] as const;
export type TRefiTapeColumn = (typeof REFI_TAPE_COLUMNS)[number];

/**
 * Jurisdiction of a legacy loan: `US-XX` for a US state (two letters), or an ISO 3166 alpha-2 code
 * for a country outside the US.
 */
export type TRefiJurisdiction =
  { kind: 'US_STATE'; state: string } | { kind: 'COUNTRY'; countryCode: string };

export function parseRefiJurisdiction(value: string): TRefiJurisdiction | null {
  const us = /^US-([A-Z]{2})$/.exec(value);
  if (us?.[1] !== undefined) return { kind: 'US_STATE', state: us[1] };
  if (/^[A-Z]{2}$/.test(value) && value !== 'US') return { kind: 'COUNTRY', countryCode: value };
  return null;
}

/** One legacy loan as the tape states it. Money in integer cents, coins an exact decimal string. */
export type TRefiTapeRow = {
  loanId: string;
  /** Lower-cased; the real path matches it against the borrower's verified e-mail. */
  borrowerEmail: string;
  collateralType: TCollateralType;
  collateralQuantity: string;
  principalCents: number;
  jurisdiction: string;
  passportOnFile: boolean;
  custodyArrangement: TRefiCustodyArrangement;
};

export type TRefiTapeRowError = { line: number; column: TRefiTapeColumn | null; message: string };

export type TRefiTapeParseResult = {
  rows: (TRefiTapeRow & { line: number })[];
  errors: TRefiTapeRowError[];
};

const LOAN_ID_PATTERN = /^[A-Za-z0-9-]+$/;
const COIN_PATTERN = /^(0|[1-9]\d*)(\.\d+)?$/;
const USD_PATTERN = /^(0|[1-9]\d*)(\.\d{1,2})?$/;
const COIN_MAX_DECIMALS = 18;
const ZEmail = z.email();

/** Splits CSV text into records (RFC 4180: quoted fields, doubled quotes, CRLF or LF). */
export function splitCsv(text: string): { line: number; fields: string[] }[] {
  const records: { line: number; fields: string[] }[] = [];
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let recordLine = 1;
  let fieldStarted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (char === '"') {
        quoted = false;
      } else {
        if (char === '\n') line += 1;
        field += char;
      }
      continue;
    }
    if (char === '"' && field === '') {
      quoted = true;
      fieldStarted = true;
    } else if (char === ',') {
      fields.push(field);
      field = '';
      fieldStarted = true;
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i += 1;
      if (fieldStarted || field !== '' || fields.length > 0) {
        fields.push(field);
        records.push({ line: recordLine, fields });
      }
      fields = [];
      field = '';
      fieldStarted = false;
      line += 1;
      recordLine = line;
    } else {
      field += char;
      fieldStarted = true;
    }
  }
  if (fieldStarted || field !== '' || fields.length > 0) {
    fields.push(field);
    records.push({ line: recordLine, fields });
  }
  return records;
}

function parseRow(
  fields: string[],
  line: number,
): { row: TRefiTapeRow | null; errors: TRefiTapeRowError[] } {
  const errors: TRefiTapeRowError[] = [];
  const fail = (column: TRefiTapeColumn | null, message: string) =>
    errors.push({ line, column, message });
  if (fields.length !== REFI_TAPE_COLUMNS.length) {
    fail(null, `Expected ${REFI_TAPE_COLUMNS.length} columns, found ${fields.length}`);
    return { row: null, errors };
  }
  const get = (column: TRefiTapeColumn) => (fields[REFI_TAPE_COLUMNS.indexOf(column)] ?? '').trim();

  const loanId = get('loan_id');
  if (loanId === '') fail('loan_id', 'A loan id is required');
  else if (loanId.length > CELSIUS_LOAN_ID_MAX_LENGTH || !LOAN_ID_PATTERN.test(loanId)) {
    fail('loan_id', `Use up to ${CELSIUS_LOAN_ID_MAX_LENGTH} letters, digits or dashes`);
  }

  const borrowerEmail = get('borrower_email').toLowerCase();
  if (borrowerEmail.length > 254 || !ZEmail.safeParse(borrowerEmail).success) {
    fail('borrower_email', 'Not a valid e-mail address');
  }

  const collateralType = get('collateral_type').toUpperCase();
  const isCoin = (COLLATERAL_TYPES as readonly string[]).includes(collateralType);
  if (!isCoin) fail('collateral_type', `Use one of ${COLLATERAL_TYPES.join(', ')}`);

  const collateralQuantity = get('collateral_quantity');
  if (
    collateralQuantity.length > 40 ||
    !COIN_PATTERN.test(collateralQuantity) ||
    !/[1-9]/.test(collateralQuantity) ||
    !isWithinDecimals(collateralQuantity, COIN_MAX_DECIMALS)
  ) {
    fail('collateral_quantity', 'Must be a decimal number greater than 0');
  }

  const principalText = get('principal_outstanding_usd');
  let principalCents = 0;
  if (principalText.length > 15 || !USD_PATTERN.test(principalText)) {
    fail('principal_outstanding_usd', 'Must be US dollars with at most 2 decimals');
  } else {
    try {
      principalCents = usdToCents(principalText);
    } catch (error) {
      if (!isDomainError(error)) throw error;
      fail('principal_outstanding_usd', 'Must be US dollars with at most 2 decimals');
    }
    if (principalCents <= 0) fail('principal_outstanding_usd', 'Must be greater than 0');
  }

  const jurisdiction = get('jurisdiction').toUpperCase();
  if (parseRefiJurisdiction(jurisdiction) === null) {
    fail('jurisdiction', 'Use US-XX for a US state or a two-letter country code');
  }

  const passport = get('passport_on_file').toLowerCase();
  if (passport !== 'true' && passport !== 'false') {
    fail('passport_on_file', 'Use true or false');
  }

  const custodyArrangement = get('custody_arrangement').toUpperCase();
  const isArrangement = (REFI_CUSTODY_ARRANGEMENTS as readonly string[]).includes(
    custodyArrangement,
  );
  if (!isArrangement) {
    fail('custody_arrangement', `Use one of ${REFI_CUSTODY_ARRANGEMENTS.join(', ')}`);
  }

  if (errors.length > 0) return { row: null, errors };
  return {
    row: {
      loanId,
      borrowerEmail,
      collateralType: collateralType as TCollateralType,
      collateralQuantity,
      principalCents,
      jurisdiction,
      passportOnFile: passport === 'true',
      custodyArrangement: custodyArrangement as TRefiCustodyArrangement,
    },
    errors,
  };
}

/**
 * Reads a tape: the header must be REFI_TAPE_COLUMNS; every bad row is reported with its line
 * number and reason; a loan id twice in one file is an error on the later line.
 */
export function parseRefiTape(text: string): TRefiTapeParseResult {
  const errors: TRefiTapeRowError[] = [];
  const rows: (TRefiTapeRow & { line: number })[] = [];
  if (text.length > REFI_TAPE_MAX_CHARS) {
    return {
      rows,
      errors: [
        { line: 1, column: null, message: `The file is over ${REFI_TAPE_MAX_CHARS} characters` },
      ],
    };
  }
  const records = splitCsv(text.replace(/^\uFEFF/, ''));
  const [header, ...data] = records;
  const headerText = header?.fields.map((field) => field.trim().toLowerCase()).join(',');
  if (header === undefined || headerText !== REFI_TAPE_COLUMNS.join(',')) {
    errors.push({
      line: header?.line ?? 1,
      column: null,
      message: `The first line must be the header ${REFI_TAPE_COLUMNS.join(',')}`,
    });
    return { rows, errors };
  }
  if (data.length === 0) {
    errors.push({ line: header.line, column: null, message: 'The file has no loans' });
  }
  if (data.length > REFI_TAPE_MAX_ROWS) {
    errors.push({
      line: header.line,
      column: null,
      message: `A file holds at most ${REFI_TAPE_MAX_ROWS} loans; split the tape`,
    });
    return { rows, errors };
  }
  const seen = new Map<string, number>();
  for (const record of data) {
    const result = parseRow(record.fields, record.line);
    errors.push(...result.errors);
    if (result.row === null) continue;
    const firstLine = seen.get(result.row.loanId);
    if (firstLine !== undefined) {
      errors.push({
        line: record.line,
        column: 'loan_id',
        message: `Loan id ${result.row.loanId} is already on line ${firstLine}`,
      });
      continue;
    }
    seen.set(result.row.loanId, record.line);
    rows.push({ ...result.row, line: record.line });
  }
  return { rows, errors };
}

/** Whether a stored row already says exactly what an imported row says (an unchanged re-import). */
export function isSameTapeRow(a: TRefiTapeRow, b: TRefiTapeRow): boolean {
  return (
    a.loanId === b.loanId &&
    a.borrowerEmail === b.borrowerEmail &&
    a.collateralType === b.collateralType &&
    a.collateralQuantity === b.collateralQuantity &&
    a.principalCents === b.principalCents &&
    a.jurisdiction === b.jurisdiction &&
    a.passportOnFile === b.passportOnFile &&
    a.custodyArrangement === b.custodyArrangement
  );
}
