import type { DestinationStream, Logger, LoggerOptions } from 'pino';
import { pino } from 'pino';
import type { TLogLevel } from './config.js';

/** Body fields that carry personal data or secrets; they never reach a log line. */
export const REDACTED_FIELDS = [
  'ssn',
  'accountNumber',
  'routingNumber',
  'password',
  'code',
  'jwt',
  'otp',
  'totp',
  'token',
  'publicToken',
  'linkToken',
  'accessToken',
] as const;

export const REDACTION_CENSOR = '[redacted]';

const SENSITIVE_HEADERS = ['authorization', 'cookie', 'set-cookie', 'x-api-key'] as const;

/**
 * Redaction paths: headers wherever a request or response is logged, and the sensitive fields at
 * the top level of any logged object and up to three levels inside it (request bodies, nested
 * forms such as `{ body: { borrower: { ssn } } }`). `code` is also the name of every error code
 * (`err.code`), so it is censored only inside request bodies and queries, where it means a
 * one-time code.
 */
export const REDACT_PATHS: string[] = [
  ...SENSITIVE_HEADERS.flatMap((header) => [
    `req.headers["${header}"]`,
    `res.headers["${header}"]`,
    `headers["${header}"]`,
  ]),
  ...REDACTED_FIELDS.filter((field) => field !== 'code').flatMap((field) => [
    field,
    `*.${field}`,
    `*.*.${field}`,
    `*.*.*.${field}`,
  ]),
  ...['body', 'query', 'req.body', 'req.query'].flatMap((container) => [
    `${container}.code`,
    `${container}.*.code`,
  ]),
];

export function loggerOptions(level: TLogLevel): LoggerOptions {
  return {
    level,
    redact: { paths: REDACT_PATHS, censor: REDACTION_CENSOR },
    serializers: {
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
        url: req.url,
        remoteAddress: req.ip,
        headers: { ...req.headers },
      }),
    },
  };
}

export function createLogger(level: TLogLevel, destination?: DestinationStream): Logger {
  return destination === undefined
    ? pino(loggerOptions(level))
    : pino(loggerOptions(level), destination);
}
