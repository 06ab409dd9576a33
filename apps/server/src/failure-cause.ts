/**
 * What a log line and the job queue keep of a failure: the error's class, its code (a system code
 * such as ECONNREFUSED, an HTTP status, a PostgreSQL SQLSTATE) and its message with every
 * personal value and secret taken out. Log redaction censors a field whole by its name (see
 * logger.ts), which left the cause of every retry as `[redacted]`; this keeps the part that says
 * what went wrong and removes only what names a person, a wallet or a credential.
 */
import { PERSONAL_FIELDS, REDACTION_CENSOR, SECRET_FIELDS } from './logger.js';

export interface TFailureCause {
  /** The error's class (`TypeError`, `SmtpError`, `DatabaseError`), `NonError` for a thrown value. */
  class: string;
  /** ECONNREFUSED, an HTTP status (`503`), a SQLSTATE (`23505`); absent when the error has none. */
  code?: string;
  /** The message, causes appended, scrubbed and at most FAILURE_MESSAGE_MAX_CHARS long. */
  message: string;
}

/** A cause's message is cut to this many characters: enough for a reason, never a dump. */
export const FAILURE_MESSAGE_MAX_CHARS = 400;
const MAX_CAUSE_DEPTH = 3;

/** Field names whose values are personal or secret wherever they appear as `name=value`. */
const SCRUBBED_KEYS = [
  // `to`, `reason`, `value`, `number` and `code` name too much else in an error text (`connect
  // to:`, `status code:`); what they carry there is caught by the value rules below.
  ...PERSONAL_FIELDS.filter((field) => !['to', 'reason', 'value', 'number'].includes(field)),
  ...SECRET_FIELDS.filter((field) => field !== 'code'),
  'secret',
  'apiKey',
  'api_key',
  'apikey',
  'access_token',
  'refresh_token',
  'client_secret',
  'authorization',
  'passwd',
  'pwd',
  'signature',
  'sig',
  'key',
  'wallet',
  'txid',
  'tx',
  'hash',
];
const KEY_PATTERN = SCRUBBED_KEYS.map((key) => key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join(
  '|',
);

/** A named secret shorter than this would take out ordinary words: it is left to the rules. */
const MIN_NAMED_SECRET_CHARS = 4;

/** Each rule replaces what it matches; order matters (a URL before the e-mail inside it). */
const SCRUB_RULES: readonly {
  pattern: RegExp;
  replace: string | ((match: string, ...groups: string[]) => string);
}[] = [
  // A URL: its credentials, query string and fragment go, its scheme, host and path stay.
  {
    pattern:
      /\b([a-z][a-z0-9+.-]{1,15}:\/\/)(?:[^\s/@?#]*@)?([^\s/?#]+)([^\s?#]*)(?:\?[^\s#]*)?(?:#\S*)?/gi,
    replace: (_match, scheme: string, host: string, path: string) => `${scheme}${host}${path}`,
  },
  // `Bearer <token>`, `Basic <credentials>`.
  { pattern: /\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/g, replace: `$1 ${REDACTION_CENSOR}` },
  // A JSON Web Token.
  { pattern: /\beyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]*/g, replace: '[token]' },
  // `"email": "ada@…"`, `ssn=123…`, `password: hunter2`: the value of a personal or secret field.
  {
    pattern: new RegExp(
      `(["']?\\b(?:${KEY_PATTERN})\\b["']?\\s*[:=]\\s*)("[^"]*"|'[^']*'|[^\\s,;&)}\\]]+)`,
      'gi',
    ),
    replace: `$1${REDACTION_CENSOR}`,
  },
  // A one-time code: `code=123456`, `code: 123456`.
  { pattern: /\b(code|otp)(\s*[:=]\s*)\d{4,8}\b/gi, replace: `$1$2${REDACTION_CENSOR}` },
  // PostgreSQL's `Key (column)=(value)`.
  { pattern: /(\bKey \([^)]*\)=)\([^)]*\)/g, replace: `$1(${REDACTION_CENSOR})` },
  { pattern: /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g, replace: '[email]' },
  // A transaction hash or other 64-hex value (with or without 0x), before the shorter hex rules.
  { pattern: /\b(?:0x)?[0-9a-fA-F]{64}\b/g, replace: '[hash]' },
  // Wallet addresses: Ethereum, bech32 (bc1/tb1/bcrt1), base58 (legacy and P2SH, main and test).
  { pattern: /\b0x[0-9a-fA-F]{40}\b/g, replace: '[address]' },
  { pattern: /\b(?:bc|tb|bcrt)1[02-9ac-hj-np-z]{8,87}\b/gi, replace: '[address]' },
  { pattern: /\b[13mn2][1-9A-HJ-NP-Za-km-z]{25,34}\b/g, replace: '[address]' },
  // A social security number, with dashes or without.
  { pattern: /\b\d{3}-\d{2}-\d{4}\b/g, replace: '[number]' },
  // Account, card and phone numbers: runs of nine or more digits (statuses and ports are shorter).
  {
    pattern: /\b\d[\d ]{7,}\d\b/g,
    replace: (match) => (match.replace(/ /g, '').length >= 9 ? '[number]' : match),
  },
  // Long opaque strings (API keys, secrets): 32+ characters of letters and digits mixed.
  {
    pattern: /\b(?=[A-Za-z0-9_-]*\d)(?=[A-Za-z0-9_-]*[A-Za-z])[A-Za-z0-9_-]{32,}\b/g,
    replace: (match) =>
      /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(match)
        ? match
        : '[secret]',
  },
];

/**
 * A text with its personal values and secrets replaced by placeholders: e-mail addresses, the
 * values of personal or secret fields (`name=…`, `"ssn": …`), social security and account
 * numbers, wallet addresses, transaction hashes, tokens, and the credentials, query strings and
 * fragments of URLs, and any of `secrets`, values the caller knows to be secret. What says what
 * failed (words, codes, hosts, paths, statuses, ids) is kept.
 */
export function scrubFailureText(text: string, secrets: readonly string[] = []): string {
  let scrubbed = text;
  // Values the caller knows to be secret (a password, an API key) go first, whatever their shape.
  for (const secret of secrets) {
    if (secret.length >= MIN_NAMED_SECRET_CHARS) {
      scrubbed = scrubbed.split(secret).join(REDACTION_CENSOR);
    }
  }
  for (const rule of SCRUB_RULES) {
    scrubbed =
      typeof rule.replace === 'string'
        ? scrubbed.replace(rule.pattern, rule.replace)
        : scrubbed.replace(
            rule.pattern,
            rule.replace as (match: string, ...rest: string[]) => string,
          );
  }
  return scrubbed;
}

function codeOf(error: object): string | undefined {
  const record = error as Record<string, unknown>;
  const response = record.response as Record<string, unknown> | undefined;
  for (const candidate of [
    record.code,
    record.status,
    record.statusCode,
    typeof response === 'object' && response !== null ? response.status : undefined,
    record.responseCode,
  ]) {
    if (typeof candidate === 'string' && /^[A-Za-z0-9_.-]{1,40}$/.test(candidate)) return candidate;
    if (typeof candidate === 'number' && Number.isInteger(candidate)) return String(candidate);
  }
  return undefined;
}

function classOf(error: Error): string {
  // A class that names itself (`override name = 'PermanentJobError'`) says more than Error.
  const named = error.name !== 'Error' ? error.name : error.constructor.name;
  return /^[A-Za-z0-9_$.]{1,60}$/.test(named) ? named : 'Error';
}

/** The message without the query parameters drizzle appends to it. */
function messageOf(error: Error): string {
  const at = error.message.indexOf('\nparams: ');
  return at === -1 ? error.message : error.message.slice(0, at);
}

/**
 * The failure as a log line keeps it: class, code and scrubbed message, causes included; `secrets`
 * are values the caller knows to be secret, taken out as well.
 */
export function failureCause(error: unknown, secrets: readonly string[] = []): TFailureCause {
  if (!(error instanceof Error)) {
    return {
      class: 'NonError',
      message: scrubFailureText(String(error), secrets).slice(0, FAILURE_MESSAGE_MAX_CHARS),
    };
  }
  let message = messageOf(error);
  let code = codeOf(error);
  let cause: unknown = error.cause;
  for (let depth = 0; depth < MAX_CAUSE_DEPTH && cause instanceof Error; depth += 1) {
    const causeCode = codeOf(cause);
    code ??= causeCode;
    message += ` (cause: ${classOf(cause)}${causeCode === undefined ? '' : ` ${causeCode}`}: ${messageOf(cause)})`;
    cause = cause.cause;
  }
  return {
    class: classOf(error),
    ...(code === undefined ? {} : { code }),
    message: scrubFailureText(message.replace(/\s+/g, ' ').trim(), secrets).slice(
      0,
      FAILURE_MESSAGE_MAX_CHARS,
    ),
  };
}

/** The cause on one line, `Class [code]: message`, as the queue keeps it as a job's last error. */
export function describeFailure(cause: TFailureCause): string {
  return `${cause.class}${cause.code === undefined ? '' : ` [${cause.code}]`}: ${cause.message}`;
}
