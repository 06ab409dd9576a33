import { type Column, getTableColumns, sql, type SQL } from 'drizzle-orm';
import { sessionIdleTimeoutMs, type TSignInAudience } from '@pledge/domain';
import { namedStatement, placeholder, type TNamedStatement } from '../../db/named-statement.js';
import { statementClockSql } from '../../db/statement-clock.js';
import type { TDb } from '../../db/pool.js';
import { applications, documentSignatures } from '../../db/schema/index.js';
import type { TAudience, TPrincipal } from '../../http/auth.js';
import {
  DOCUMENT_VIEW_COLUMNS,
  type TDocumentViewRow,
  type TSignedDocumentsRead,
} from '../disclosures/disclosure-record.js';
import { OFFER_VIEW_COLUMNS, type TOfferViewRow } from '../offers/offer-record.js';
import type { TClock, TJwtService } from '../../security/jwt.js';
import type { TSandboxClock } from '../sandbox/sandbox-clock.js';

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A session's last use is written at most this often, so that a page's burst of calls costs one
 * write, not one each. The idle timeout therefore counts from up to this long before the last use.
 */
export const SESSION_LAST_SEEN_PRECISION_MS = 60_000;

type TSessionCheckRow = {
  identity_uuid: string | null;
  expires_at: Date | null;
  is_renewal_due: boolean | null;
  offset_ms: number;
} & Record<string, unknown>;

/**
 * A column a session check may read: its key, its table column, and its name in the statement's
 * row (`<prefix><key>`), made once: reading a row by names built anew for each column of each
 * row was a good part of reading it.
 */
type TReadColumn = readonly [key: string, column: Column, alias: string];

function readColumns(
  columns: Record<string, Column>,
  alias: (key: string) => string,
): TReadColumn[] {
  return Object.entries(columns).map(([key, column]) => [key, column, alias(key)] as const);
}

/** The application columns a session check may read, each as `application_<key>`. */
const applicationAlias = (key: string) => `application_${key}`;
const APPLICATION_COLUMNS = readColumns(getTableColumns(applications), applicationAlias);
const APPLICATION_UUID = applicationAlias('uuid');

/** The columns of an open offer a session check may read, each as `offer_<key>`. */
const offerAlias = (key: string) => `offer_${key}`;
const OFFER_COLUMNS = readColumns(OFFER_VIEW_COLUMNS, offerAlias);
const OFFER_UUID = offerAlias('uuid');

/** The application columns read with its documents: which one, and where it stands. */
const APPLICATION_STATE_COLUMNS = APPLICATION_COLUMNS.filter(([key]) =>
  ['uuid', 'state', 'stage'].includes(key),
);

/** The columns of a document a session check may read, each as `document_<key>`. */
const documentAlias = (key: string) => `document_${key}`;
const DOCUMENT_COLUMNS = readColumns(DOCUMENT_VIEW_COLUMNS, documentAlias);
const DOCUMENT_UUID = documentAlias('uuid');
const SIGNED_AT = documentAlias('signedAt');

type TApplicationRow = typeof applications.$inferSelect;

/**
 * Columns a session check read (as `<prefix><key>`, in the driver's form) as the query builder
 * would answer them; null when the row holds none (the caller has no application of that uuid,
 * or it has no open offer).
 */
function recordOfRow(
  row: TSessionCheckRow,
  columns: readonly TReadColumn[],
  uuidAlias: string,
): Record<string, unknown> | null {
  const uuid = row[uuidAlias];
  if (uuid === null || uuid === undefined) return null;
  const record: Record<string, unknown> = {};
  for (const [key, column, alias] of columns) {
    const value = row[alias];
    record[key] = value === null ? null : column.mapFromDriverValue(value);
  }
  return record;
}

/**
 * The caller's documents of the application and its state, as a session check read them: one row
 * for each document, or one row without a document; null when the caller has no application of
 * that uuid.
 */
function signedDocumentsOf(rows: readonly TSessionCheckRow[]): TSignedDocumentsRead | null {
  const [first] = rows;
  const application = first && recordOfRow(first, APPLICATION_STATE_COLUMNS, APPLICATION_UUID);
  if (application === undefined || application === null) return null;
  const signedAtColumn = documentSignatures.signedAt;
  return {
    ...(application as Pick<TApplicationRow, 'state' | 'stage'>),
    documents: rows.flatMap((row) => {
      const document = recordOfRow(row, DOCUMENT_COLUMNS, DOCUMENT_UUID);
      if (document === null) return [];
      const signedAt = row[SIGNED_AT];
      return [
        {
          row: document as TDocumentViewRow,
          signedAt:
            signedAt === null || signedAt === undefined
              ? null
              : (signedAtColumn.mapFromDriverValue(signedAt) as Date),
        },
      ];
    }),
  };
}

/**
 * What a session check read of the caller's application: the application itself, its open
 * offers (one row each, in order), or its documents with their signatures; null when the caller
 * has no application of that uuid.
 */
function applicationReadOf(
  read: TApplicationRead,
  rows: readonly TSessionCheckRow[],
): Pick<TPrincipal, 'application' | 'openOffers' | 'signedDocuments'> {
  const [first] = rows;
  if (read === 'none' || first === undefined) return {};
  if (read === 'signedDocuments') return { signedDocuments: signedDocumentsOf(rows) };
  if (read === 'application') {
    return {
      application: recordOfRow(
        first,
        APPLICATION_COLUMNS,
        APPLICATION_UUID,
      ) as TApplicationRow | null,
    };
  }
  if (recordOfRow(first, [], APPLICATION_UUID) === null) return { openOffers: null };
  return {
    openOffers: rows.flatMap((row) => {
      const offer = recordOfRow(row, OFFER_COLUMNS, OFFER_UUID);
      return offer === null ? [] : [offer as TOfferViewRow];
    }),
  };
}

type TSessionCheck = TNamedStatement<TSessionCheckRow>;

/**
 * The caller's application of the request, read by a session check in the same statement (the
 * same snapshot): its columns, and a join that finds it only when the live session's identity owns
 * it.
 */
const applicationColumns = sql`, ${sql.join(
  APPLICATION_COLUMNS.map(
    ([key, column]) =>
      sql`app.${sql.identifier(column.name)} AS ${sql.identifier(applicationAlias(key))}`,
  ),
  sql`, `,
)}`;
const applicationJoin = sql`
    LEFT JOIN applications app
      ON app.uuid = ${placeholder('applicationUuid')}::uuid AND app.identity_uuid = live.identity_uuid`;

/**
 * The open offers of the caller's application (neither accepted, replaced nor expired at the
 * check's time), read by a session check in the same statement: a row for each, in the order they
 * were made, or one row without an offer. They are found among the offers made since the
 * application's open_offers_since (schema/applications.ts).
 */
const openOffersColumns = sql`, app.uuid AS ${sql.identifier(applicationAlias('uuid'))}, ${sql.join(
  OFFER_COLUMNS.map(
    ([key, column]) => sql`o.${sql.identifier(column.name)} AS ${sql.identifier(offerAlias(key))}`,
  ),
  sql`, `,
)}`;
const openOffersJoin = sql`${applicationJoin}
    LEFT JOIN offers o
      ON o.application_uuid = app.uuid
        AND o.created_at >= COALESCE(app.open_offers_since, '-infinity')
        AND o.accepted_at IS NULL AND o.superseded_at IS NULL AND o.expires_at > t.now
    ORDER BY o.created_at, o.uuid`;

/**
 * The caller's documents of the application with their signatures, and the application's state,
 * read by a session check in the same statement: a row for each document (in no order), or one
 * row without a document.
 */
const signedDocumentsColumns = sql`, ${sql.join(
  APPLICATION_STATE_COLUMNS.map(
    ([key, column]) =>
      sql`app.${sql.identifier(column.name)} AS ${sql.identifier(applicationAlias(key))}`,
  ),
  sql`, `,
)}, ${sql.join(
  DOCUMENT_COLUMNS.map(
    ([key, column]) =>
      sql`d.${sql.identifier(column.name)} AS ${sql.identifier(documentAlias(key))}`,
  ),
  sql`, `,
)}, sig.signed_at AS ${sql.identifier(SIGNED_AT)}`;
const signedDocumentsJoin = sql`${applicationJoin}
    LEFT JOIN disclosure_documents d
      ON d.application_uuid = app.uuid AND d.identity_uuid = live.identity_uuid
        AND d.voided_at IS NULL
    LEFT JOIN document_signatures sig ON sig.document_uuid = d.uuid`;

/** What a session check reads of the caller's application besides the session. */
type TApplicationRead = 'none' | 'application' | 'openOffers' | 'signedDocuments';

const APPLICATION_READS = {
  none: { columns: sql``, join: sql``, suffix: '' },
  application: { columns: applicationColumns, join: applicationJoin, suffix: '_application' },
  openOffers: { columns: openOffersColumns, join: openOffersJoin, suffix: '_open_offers' },
  signedDocuments: {
    columns: signedDocumentsColumns,
    join: signedDocumentsJoin,
    suffix: '_signed_documents',
  },
} satisfies Record<TApplicationRead, { columns: SQL; join: SQL; suffix: string }>;

/**
 * The session check of verifyAccessToken as one statement, its values left as placeholders: for
 * an audience ('agent' also checks that the address is still an active agent), and with the time
 * told by the process's clock or, in the sandbox, by real time plus the sandbox clock's offset.
 *
 * The check only reads, so that it costs PostgreSQL no write's work on the requests that write
 * nothing (nearly all); `live` is the session as it was. Its row tells whether the session is due
 * for renewal, and the two writes follow, each in a statement of its own and only when needed
 * (sessionWrite): the renewal, at most once a minute per session, and the ending of a session
 * found timed out.
 * `t` is the time of the check (statementClockSql).
 */
function sessionCheckStatement(
  audience: TSignInAudience,
  sandbox: boolean,
  read: TApplicationRead,
): SQL {
  const clockSql = statementClockSql(sandbox);
  // By the address's digest; the clear addresses only for a row the previous release wrote
  // without one (identity-email.ts), until the boot step digests it. A customer's session needs
  // no read of its identity: the row exists only while the identity does (its foreign key
  // cascades), and the identity's columns decide nothing for a customer.
  const identityJoin =
    audience === 'agent' ? sql`JOIN identities i ON i.uuid = s.identity_uuid` : sql``;
  const stillAgent =
    audience === 'agent'
      ? sql`AND EXISTS (SELECT 1 FROM agents a WHERE a.is_active AND (a.email_digest = i.email_digest
          OR ((a.email_digest IS NULL OR i.email_digest IS NULL) AND a.email = i.email)))`
      : sql``;
  return sql`
    WITH t AS (${clockSql}), bounds AS (
      SELECT t.now,
        t.now - ${placeholder('idleMs')}::bigint * interval '1 millisecond' AS idle_since,
        t.now - ${placeholder('renewMs')}::bigint * interval '1 millisecond' AS renew_before
      FROM t
    ), live AS (
      SELECT s.identity_uuid, s.expires_at, s.last_seen_at < b.renew_before AS is_renewal_due
      FROM sessions s ${identityJoin}, bounds b
      WHERE s.jti = ${placeholder('jti')} AND s.identity_uuid = ${placeholder('subject')}
        AND s.audience = ${placeholder('audience')} AND s.ended_at IS NULL
        AND s.expires_at > b.now AND s.last_seen_at > b.idle_since
        ${stillAgent}
    )
    SELECT live.identity_uuid, live.expires_at, live.is_renewal_due,
      t.offset_ms${APPLICATION_READS[read].columns}
    FROM t LEFT JOIN live ON true${APPLICATION_READS[read].join}`;
}

/**
 * The session checks, prepared once per pool and kind (audience, clock): the check runs on every
 * authenticated request, and PostgreSQL then parses and plans it once per connection (a named
 * statement) instead of on every request; no request builds its SQL again either.
 */
function sessionCheck(
  db: TDb,
  audience: TSignInAudience,
  sandbox: boolean,
  read: TApplicationRead,
): TSessionCheck {
  return namedStatement<TSessionCheckRow>(
    db,
    `session_check_${audience}${sandbox ? '_sandbox' : ''}${APPLICATION_READS[read].suffix}`,
    () => sessionCheckStatement(audience, sandbox, read),
  );
}

/** What a session check found to write: the session's renewal, or its ending as timed out. */
type TSessionWrite = 'renew' | 'endTimedOut';

/**
 * A write a session check found needed, at the check's time (the same expression of the same
 * values): a live session due for renewal is renewed unless it ended meanwhile; a session that was
 * not live is ended for good when it timed out, so that a clock set back (the sandbox's reset, or
 * an instance a little behind) never opens it again.
 *
 * The renewal commits without waiting for its WAL to reach the disk (synchronous_commit off for
 * its own transaction, set by the statement itself: no round trip more). Every instance sees it at
 * once all the same; a crash may lose it, and the session's last use then counts from its previous
 * renewal, at most a minute and the WAL writer's delay earlier: the idle timeout can only come
 * sooner. Waiting for the flush held the request that renews, its pool connection and the
 * session's row (the session's other requests due for the same renewal wait on it) for a disk
 * flush, once a minute for every session in use.
 */
function sessionWriteStatement(write: TSessionWrite, sandbox: boolean): SQL {
  const now = sandbox
    ? sql`to_timestamp((${placeholder('realNowMs')}::bigint + ${placeholder('offsetMs')}::bigint) / 1000.0)`
    : sql`${placeholder('now')}::timestamptz`;
  const before = (name: string) =>
    sql`${now} - ${placeholder(name)}::bigint * interval '1 millisecond'`;
  return write === 'renew'
    ? sql`
      UPDATE sessions SET last_seen_at = ${now}
      FROM (SELECT set_config('synchronous_commit', 'off', true)) unflushed
      WHERE jti = ${placeholder('jti')} AND ended_at IS NULL AND last_seen_at < ${before('renewMs')}`
    : sql`
      UPDATE sessions SET ended_at = ${now}
      WHERE jti = ${placeholder('jti')} AND ended_at IS NULL
        AND (expires_at <= ${now} OR last_seen_at <= ${before('idleMs')})`;
}

function sessionWrite(db: TDb, write: TSessionWrite, sandbox: boolean) {
  return namedStatement<Record<string, unknown>>(
    db,
    `session_${write === 'renew' ? 'renew' : 'end_timed_out'}${sandbox ? '_sandbox' : ''}`,
    () => sessionWriteStatement(write, sandbox),
  );
}

export interface TSessionCheckOptions {
  /**
   * Also read this application of the caller's in the session check's statement (the route acts
   * on it): the principal then carries it, or null when the caller has none of that uuid. A
   * route that reads the application first saves a round trip to the database this way.
   */
  applicationUuid?: string;
  /**
   * Instead, read the open offers of this application of the caller's (the route lists them): the
   * principal then carries them, or null when the caller has none of that uuid.
   */
  openOffersOf?: string;
  /**
   * Instead, read the caller's documents of this application of theirs with their signatures
   * (the route signs one): the principal then carries them, or null when the caller has no
   * application of that uuid.
   */
  signedDocumentsOf?: string;
}

/**
 * The principal of a token for an audience: signature, issuer, audience and expiry checked, then,
 * in one statement, that its session is open (not signed out, used within the idle timeout, before
 * the absolute limit), that its identity exists and, for agents, that the address is still an active
 * agent; the same statement renews the session (its last use is now) or ends it when it timed out.
 *
 * Every request is checked against the database, with no per-process cache of tokens found good:
 * such a cache (there was one, for 5 s) let a token signed out on one instance keep working on
 * another until its entry ran out, and the session check is one indexed statement anyway. (The
 * JWT service keeps only which strings carry a good signature, which nothing can change.)
 *
 * In the sandbox the same statement reads the sandbox clock's offset, tells the time by it and
 * hands it to the process's clock, so that a signed-in request costs no statement of its own to
 * see a move made on any instance; the token's expiry is then compared with that time.
 */
export async function verifyAccessToken(
  deps: {
    db: TDb;
    jwt: TJwtService;
    clock: TClock;
    sandboxClock?: Pick<TSandboxClock, 'loading' | 'realNow'>;
  },
  token: string,
  audience: TAudience,
  options: TSessionCheckOptions = {},
): Promise<TPrincipal | null> {
  // A 'bearer' route is a customer's; an agent's token is not accepted there, nor the reverse.
  const signInAudience = audience === 'agent' ? 'agent' : 'customer';
  const { sandboxClock } = deps;
  const claims = await deps.jwt.verify(
    token,
    signInAudience,
    sandboxClock === undefined ? {} : { expiry: 'caller' },
  );
  if (claims === null || !UUID_PATTERN.test(claims.subject) || !UUID_PATTERN.test(claims.jti)) {
    return null;
  }
  let takeOffset: ((offsetMs: number) => void) | undefined;
  let realNowMs = 0;
  if (sandboxClock !== undefined) {
    takeOffset = sandboxClock.loading();
    realNowMs = sandboxClock.realNow();
  }
  const applicationUuid =
    options.applicationUuid ?? options.openOffersOf ?? options.signedDocumentsOf;
  const read: TApplicationRead =
    options.applicationUuid !== undefined
      ? 'application'
      : options.openOffersOf !== undefined
        ? 'openOffers'
        : options.signedDocumentsOf !== undefined
          ? 'signedDocuments'
          : 'none';
  const check = sessionCheck(deps.db, signInAudience, sandboxClock !== undefined, read);
  const checkedAt = sandboxClock === undefined ? deps.clock() : null;
  const idleMs = sessionIdleTimeoutMs(signInAudience);
  const rows = await check({
    now: checkedAt,
    realNowMs,
    jti: claims.jti,
    subject: claims.subject,
    audience: signInAudience,
    idleMs,
    renewMs: SESSION_LAST_SEEN_PRECISION_MS,
    // A uuid the route's params will refuse reads no application (its handler never runs).
    ...(applicationUuid !== undefined
      ? { applicationUuid: UUID_PATTERN.test(applicationUuid) ? applicationUuid : null }
      : {}),
  });
  const [row] = rows;
  let offsetMs = 0;
  if (row !== undefined && takeOffset !== undefined) {
    offsetMs = Number(row.offset_ms);
    takeOffset(offsetMs);
  }
  const live =
    row !== undefined && row.identity_uuid !== null && row.expires_at !== null
      ? { identityUuid: row.identity_uuid, expiresAt: row.expires_at }
      : null;
  if (live === null || row?.is_renewal_due === true) {
    const write = sessionWrite(
      deps.db,
      live === null ? 'endTimedOut' : 'renew',
      sandboxClock !== undefined,
    );
    await write({
      ...(sandboxClock === undefined ? { now: checkedAt } : { realNowMs, offsetMs }),
      jti: claims.jti,
      ...(live === null ? { idleMs } : { renewMs: SESSION_LAST_SEEN_PRECISION_MS }),
    });
  }
  if (takeOffset !== undefined && claims.expiresAt.getTime() <= realNowMs + offsetMs) return null;
  if (live === null) return null;
  return {
    identityUuid: live.identityUuid,
    audience,
    token: { id: claims.jti, expiresAt: new Date(live.expiresAt) },
    ...applicationReadOf(read, rows),
  };
}
