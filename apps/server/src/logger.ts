import type { DestinationStream, Logger, LoggerOptions } from 'pino';
import { pino } from 'pino';
import type { TLogLevel } from './config.js';

/** A log as the jobs and deploy steps take it: the app's pino logger, or a test's recorder. */
export interface TLog {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
}

/**
 * Request fields (bodies and queries of the contract) that carry personal data: who a person is,
 * where they live, how to reach them, their money. The one list: log redaction, the shape-only
 * error logs and the URL scrubbing below all read it, and test/platform/log-redaction.test.ts
 * fails on any contract field that is neither here nor named there as not personal.
 */
export const PERSONAL_FIELDS = [
  'name',
  'firstName',
  'middleName',
  'lastName',
  'suffix',
  'dob',
  'dateOfBirth',
  'email',
  'to',
  'search',
  'value',
  'username',
  'phone',
  'phoneNumbers',
  'number',
  'address',
  'addresses',
  'returnAddress',
  // A return's transaction names the borrower's wallet on a public chain.
  'transactionHash',
  'borrowerEmail',
  'csv',
  'partialAddress',
  'street1',
  'street2',
  'city',
  'zip',
  'postalCode',
  'ssn',
  'accountNumber',
  'routingNumber',
  'accounts',
  'mask',
  'reason',
  'note',
  'optimizeUser',
  'attributes',
  'queryParams',
  'eventProperties',
] as const;

/** Credentials: passwords, one-time codes, tokens. */
export const SECRET_FIELDS = [
  'password',
  'code',
  'jwt',
  'otp',
  'totp',
  'stepUpCode',
  'token',
  'publicToken',
  'linkToken',
  'accessToken',
] as const;

/** Fields whose values never reach a log line. */
export const REDACTED_FIELDS: readonly string[] = [...PERSONAL_FIELDS, ...SECRET_FIELDS];

export const REDACTION_CENSOR = '[redacted]';

const SENSITIVE_HEADERS = ['authorization', 'cookie', 'set-cookie', 'x-api-key'] as const;

/**
 * Redaction paths. A request's body and query are never logged with their values (error logs keep
 * field names, see bodyFieldNames), so `body` and `query` are censored whole wherever they appear;
 * headers are censored wherever a request or response is logged; credentials at the top level of
 * any logged object and up to three levels inside it; personal fields at the top level and one
 * level inside. Wildcard paths cost on every log line (pino walks each object they may match), so
 * they are kept to what an ad-hoc log line could plausibly hold; `code` is also the name of every
 * error code (`err.code`), so it is only censored inside bodies and queries, which are censored
 * whole anyway.
 */
export const REDACT_PATHS: string[] = [
  ...SENSITIVE_HEADERS.flatMap((header) => [
    `req.headers["${header}"]`,
    `res.headers["${header}"]`,
    `headers["${header}"]`,
  ]),
  ...['body', 'query', 'req.body', 'req.query'],
  ...SECRET_FIELDS.filter((field) => field !== 'code').flatMap((field) => [
    field,
    `*.${field}`,
    `*.*.${field}`,
    `*.*.*.${field}`,
  ]),
  ...PERSONAL_FIELDS.flatMap((field) => [field, `*.${field}`]),
];

const REDACTED_FIELD_SET: ReadonlySet<string> = new Set(REDACTED_FIELDS);

/**
 * Query parameters whose values are logged as sent: paging, sorting and the few enumerations that
 * name no one. Every other value is censored, whatever its name (an `access_token`, a code, an
 * e-mail address under a name no one foresaw), so that a new parameter is private until it is added
 * here.
 */
export const LOGGED_QUERY_PARAMS: ReadonlySet<string> = new Set([
  'limit',
  'offset',
  'page',
  'pageSize',
  'sort',
  'order',
  'status',
  'kind',
  'state',
  'orgCode',
  'organization',
  'collateralType',
]);

/** A query parameter's name as logged; one that is not a plain name may itself be data. */
const QUERY_NAME = /^[A-Za-z_][A-Za-z0-9_.-]{0,63}(\[\])?$/;

/**
 * A URL as logged: the path and the names of its query parameters, each value censored unless the
 * parameter is one of LOGGED_QUERY_PARAMS (and never a redacted field); a name that is not a plain
 * name is shown as `*`.
 */
export function scrubUrl(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart === -1) return url;
  const params = url
    .slice(queryStart + 1)
    .split('&')
    .map((pair) => {
      const separator = pair.indexOf('=');
      const rawName = separator === -1 ? pair : pair.slice(0, separator);
      let name: string;
      try {
        name = decodeURIComponent(rawName.replaceAll('+', ' '));
      } catch {
        name = '';
      }
      const shownName = QUERY_NAME.test(name) ? rawName : '*';
      if (separator === -1) return shownName;
      const bareName = name.replace(/\[\]$/, '');
      const isLogged = LOGGED_QUERY_PARAMS.has(bareName) && !REDACTED_FIELD_SET.has(bareName);
      return isLogged ? pair : `${shownName}=${REDACTION_CENSOR}`;
    });
  return `${url.slice(0, queryStart)}?${params.join('&')}`;
}

const FIELD_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;
const MAX_BODY_FIELDS = 100;
const MAX_BODY_DEPTH = 4;

/**
 * The shape of a request body without a single value: its field paths (`address.city`,
 * `phoneNumbers[]`). What an error log keeps of a body, so that a failure can be diagnosed from
 * which fields were sent without any of them reaching the log. Keys that are not field names
 * (a record keyed by data) are shown as `*`.
 */
export function bodyFieldNames(body: unknown): string[] {
  const names: string[] = [];
  const walk = (value: unknown, path: string, depth: number) => {
    if (names.length >= MAX_BODY_FIELDS) return;
    if (Array.isArray(value)) {
      const element = value.find((item) => typeof item === 'object' && item !== null);
      if (element === undefined || depth >= MAX_BODY_DEPTH) names.push(`${path}[]`);
      else walk(element, `${path}[]`, depth + 1);
      return;
    }
    if (typeof value !== 'object' || value === null || depth >= MAX_BODY_DEPTH) {
      if (path !== '') names.push(path);
      return;
    }
    const keys = Object.keys(value);
    if (keys.length === 0 && path !== '') names.push(path);
    for (const key of keys) {
      const name = FIELD_NAME.test(key) ? key : '*';
      walk(
        (value as Record<string, unknown>)[key],
        path === '' ? name : `${path}.${name}`,
        depth + 1,
      );
    }
  };
  walk(body, '', 0);
  return [...new Set(names)];
}

/**
 * Error properties that can quote the data a failed query carried: drizzle's `params`, and
 * PostgreSQL's `detail` (`Key (email)=(ada@…) already exists`), `where` and `hint`.
 */
const ERROR_DATA_FIELDS: ReadonlySet<string> = new Set(['params', 'detail', 'where', 'hint']);
const MAX_ERROR_CAUSES = 5;

/** The message without the query parameters drizzle appends to it. */
function scrubErrorMessage(error: Error): string {
  const message = error.message;
  if (!('params' in error)) return message;
  const at = message.indexOf('\nparams: ');
  return at === -1 ? message : `${message.slice(0, at)}\nparams: ${REDACTION_CENSOR}`;
}

/**
 * pino's error serializer, minus what could quote personal data: the parameters of a failed query
 * (in drizzle's message and stack) and PostgreSQL's detail; causes are serialized the same way.
 */
export function serializeError(error: unknown, depth = 0): unknown {
  if (!(error instanceof Error)) return error;
  const message = scrubErrorMessage(error);
  const stack =
    error.stack === undefined || message === error.message
      ? error.stack
      : error.stack.replace(error.message, message);
  const serialized: Record<string, unknown> = { type: error.constructor.name, message, stack };
  for (const [key, value] of Object.entries(error)) {
    if (key === 'cause' || ERROR_DATA_FIELDS.has(key) || key in serialized) continue;
    serialized[key] = value instanceof Error ? serializeError(value, depth + 1) : value;
  }
  if (error.cause !== undefined && depth < MAX_ERROR_CAUSES) {
    serialized.cause = serializeError(error.cause, depth + 1);
  }
  return serialized;
}

/** The headers as logged: a referring page's URL is scrubbed like the request's own. */
function scrubHeaders(headers: Record<string, unknown>): Record<string, unknown> {
  const copy = { ...headers };
  if (typeof copy.referer === 'string') copy.referer = scrubUrl(copy.referer);
  return copy;
}

export function loggerOptions(level: TLogLevel): LoggerOptions {
  return {
    level,
    redact: { paths: REDACT_PATHS, censor: REDACTION_CENSOR },
    serializers: {
      err: serializeError,
      // Fastify's default request serializer plus the headers (redacted above), so that a
      // support request can be traced without ever showing a credential.
      req: (req: {
        method: string;
        url: string;
        headers: Record<string, unknown>;
        ip?: string;
        id?: string;
      }) => ({
        id: req.id,
        method: req.method,
        url: scrubUrl(req.url),
        remoteAddress: req.ip,
        headers: scrubHeaders(req.headers),
      }),
    },
  };
}

export function createLogger(level: TLogLevel, destination?: DestinationStream): Logger {
  return destination === undefined
    ? pino(loggerOptions(level))
    : pino(loggerOptions(level), destination);
}
