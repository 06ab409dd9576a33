// List bar of DESIGN §7: the list endpoints stay flat from 1 thousand to 1 million applications.
//
// One application is made through the API (a signed-in borrower, an accepted offer); the database
// is then filled with copies of it in SQL (generate_series), spread over three years and over the
// application states, each with its own offer and owned by synthetic borrowers, except a known
// number that belong to the measured borrower. At each size the agent console's first page, a page
// 90 % down its keyset (its cursor built in SQL; at 1 thousand also reached by following the
// console's own cursors, which must agree), the borrower's own list and the offers list of another
// borrower's application (priced again at each size, as an offer stays open for minutes) are
// timed: sequential requests (median, p99) and a short load run. Flat: the median at 1 million is
// within 2x of the median at 1 thousand. The query plans at 1 million are printed (EXPLAIN ANALYZE).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { tsImport } from 'tsx/esm/api';
import { cannon, call, loadRow, sequentialLatency } from './http.mjs';
import {
  contract,
  newApplicationWithOffer,
  REQUESTED_OFFER,
  SANDBOX_AGENT_EMAIL,
  signIn,
  signInNewBorrower,
} from './sandbox.mjs';

const domain = await tsImport('@pledge/domain', import.meta.url);

export const LIST_SIZES = [1_000, 1_000_000];
/** The median at the largest size may be at most this many times the median at the smallest. */
export const FLATNESS_BUDGET_RATIO = 2;
/** The measured borrower's applications (one made through the API, the rest copies). */
const BORROWER_APPLICATIONS = 12;
/** Synthetic borrowers hold this many applications each. */
const APPLICATIONS_PER_BORROWER = 4;
/** The deep page starts after this fraction of the console's list. */
const DEEP_PAGE_DEPTH = 0.9;
/** Up to this depth the deep page is also reached by following the console's own cursors. */
const WALKED_PAGES_MAX = 100;
const HISTORY_SECONDS = 3 * 365 * 24 * 3600;
/** Days between an application's creation and its last change, at most. */
const ACTIVE_DAYS_MAX = 30;
const SEQUENTIAL_REQUESTS = 200;
const LIST_LOAD = { connections: 50, duration: 5 };
const WARM_UP_LOAD = { connections: 10, duration: 2 };

/**
 * Share of each state in the copies: an established book is mostly finished loans, cancelled and
 * abandoned applications, with a tail in every step of the flow. Celsius refinancing states are
 * left out (they belong to refinancing, not to new loans).
 */
const STATE_SHARES = {
  CREATED: 0.12,
  OFFER_ACCEPTED: 0.05,
  ATTACH_PROFILE: 0.04,
  SOFT_CREDIT: 0.01,
  GEN_APP_DISCLOSURES: 0.01,
  SOFT_CREDIT_NO_MATCH: 0.01,
  SOFT_CREDIT_LOCKED: 0.01,
  SOFT_CREDIT_FROZEN: 0.01,
  DECLINED: 0.05,
  SIGN_DOCS: 0.03,
  WAITING_FOR_COLLATERAL: 0.03,
  CRYPTO_FUNDING_VERIFY: 0.01,
  BORROWER_MICRO_DEPOSIT_CONFIRM: 0.01,
  MANUAL_FUNDING_RELEASE: 0.01,
  COMPLETE: 0.2,
  PAID_OFF: 0.05,
  COLLATERAL_RELEASED: 0.15,
  CANCELLED: 0.2,
};
/** A borrower holds one open CREATED application per brand and flow; further ones are this. */
const INSTEAD_OF_SECOND_CREATED = 'CANCELLED';

/** The embedded PostgreSQL of a server started with DATA_DIR and EMBEDDED_PG_PORT. */
export function embeddedDatabaseUrl(dataDir, port) {
  const password = readFileSync(join(dataDir, 'keys/embedded-pg-password'), 'utf8').trim();
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/pledge`;
}

function literal(client, value) {
  return client.escapeLiteral(String(value));
}

/** VALUES rows (state, stage, low, high): the cumulative share of each state, and its stage. */
function stateTable(client) {
  let low = 0;
  const rows = Object.entries(STATE_SHARES).map(([state, share], index, all) => {
    const high = index === all.length - 1 ? 1.01 : low + share;
    const row = `(${literal(client, state)}, ${literal(client, domain.stageOf(state))}, ${low}, ${high})`;
    low = high;
    return row;
  });
  return `(VALUES ${rows.join(', ')}) AS shares(state, stage, low, high)`;
}

async function columnsOf(client, table, excluded) {
  const { rows } = await client.query(
    `SELECT column_name FROM information_schema.columns
      WHERE table_schema = 'public' AND table_name = $1 ORDER BY ordinal_position`,
    [table],
  );
  return rows.map((row) => row.column_name).filter((name) => !excluded.includes(name));
}

/**
 * Copies of the template application (and of its accepted offer), numbered first..last. Each gets a
 * random creation time in the last three years (more of them recent), a state drawn from
 * STATE_SHARES and an offer of its own, accepted unless it is still CREATED. Owner: `identityUuid`,
 * or else synthetic borrower floor(n / APPLICATIONS_PER_BORROWER).
 */
async function copyApplications(client, template, { first, last, identityUuid = null }) {
  const offerColumns = await columnsOf(client, 'offers', [
    'uuid',
    'application_uuid',
    'created_at',
    'expires_at',
    'accepted_at',
    'superseded_at',
  ]);
  const applicationColumns = await columnsOf(client, 'applications', [
    'uuid',
    'identity_uuid',
    'state',
    'stage',
    'selected_offer_uuid',
    'idempotency_key',
    'created_at',
    'updated_at',
  ]);
  const list = (prefix, columns) => columns.map((name) => `${prefix}${name}`).join(', ');
  await client.query(
    `WITH drawn AS MATERIALIZED (
       SELECT n, random() AS pick, random() AS age, random() AS active,
              gen_random_uuid() AS app_uuid, gen_random_uuid() AS offer_uuid
         FROM generate_series($1::bigint, $2::bigint) AS n
     ),
     picked AS (
       SELECT drawn.*,
              CASE WHEN shares.state = 'CREATED'
                    AND ($3::uuid IS NOT NULL OR drawn.n % ${APPLICATIONS_PER_BORROWER} <> 0)
                   THEN ${literal(client, INSTEAD_OF_SECOND_CREATED)} ELSE shares.state END AS state,
              now() - make_interval(secs => ${HISTORY_SECONDS} * power(drawn.age, 1.5)) AS created_at
         FROM drawn JOIN ${stateTable(client)} ON drawn.pick >= shares.low AND drawn.pick < shares.high
     ),
     copies AS (
       SELECT picked.*, shares.stage,
              COALESCE($3::uuid,
                       md5('bench-borrower-' || (picked.n / ${APPLICATIONS_PER_BORROWER}))::uuid) AS identity_uuid,
              LEAST(now(), picked.created_at
                           + make_interval(secs => picked.active * ${ACTIVE_DAYS_MAX * 86_400})) AS updated_at
         FROM picked JOIN ${stateTable(client)} ON shares.state = picked.state
     ),
     new_offers AS (
       INSERT INTO offers (uuid, application_uuid, created_at, expires_at, accepted_at, superseded_at,
                           ${list('', offerColumns)})
       SELECT copies.offer_uuid, copies.app_uuid, copies.created_at,
              copies.created_at + (o.expires_at - o.created_at),
              CASE WHEN copies.state <> 'CREATED' THEN copies.created_at + interval '1 minute' END,
              NULL, ${list('o.', offerColumns)}
         FROM copies, offers o WHERE o.uuid = $5
     )
     INSERT INTO applications (uuid, identity_uuid, state, stage, selected_offer_uuid, idempotency_key,
                               created_at, updated_at, ${list('', applicationColumns)})
     SELECT copies.app_uuid, copies.identity_uuid, copies.state, copies.stage,
            CASE WHEN copies.state <> 'CREATED' THEN copies.offer_uuid END, NULL,
            copies.created_at, copies.updated_at, ${list('a.', applicationColumns)}
       FROM copies, applications a WHERE a.uuid = $4`,
    [first, last, identityUuid, template.appUuid, template.offerUuid],
  );
}

/** Synthetic borrowers first..last (idempotent), in the template borrower's brand. */
async function createBorrowers(client, template, first, last) {
  await client.query(
    `INSERT INTO identities (uuid, email, organization_code, created_at, updated_at)
     SELECT md5('bench-borrower-' || k)::uuid, 'bench-borrower-' || k || '@example.com', i.organization_code,
            now() - interval '3 years', now() - interval '3 years'
       FROM generate_series($1::bigint, $2::bigint) AS k, identities i
      WHERE i.uuid = $3
     ON CONFLICT DO NOTHING`,
    [first, last, template.identityUuid],
  );
}

async function countApplications(client) {
  const { rows } = await client.query('SELECT count(*)::bigint AS total FROM applications');
  return Number(rows[0].total);
}

/** The console's list query (services/ops/list-ops-applications.ts), as SQL for EXPLAIN. */
function consoleListSql(cursor) {
  return `SELECT a.*, i.email FROM applications a INNER JOIN identities i ON i.uuid = a.identity_uuid
   ${cursor === undefined ? '' : `WHERE (a.created_at, a.uuid) < (SELECT c.created_at, c.uuid FROM applications c WHERE c.uuid = '${cursor}')`}
   ORDER BY a.created_at DESC, a.uuid DESC LIMIT ${contract.OPS_PAGE_SIZE_DEFAULT + 1}`;
}

/**
 * The offers list's read (the open offers the session check reads with the session,
 * services/identity/verify-access-token.ts), as SQL for EXPLAIN.
 */
function offersListSql({ appUuid, identityUuid }) {
  return `SELECT app.uuid, o.* FROM applications app
   LEFT JOIN offers o ON o.application_uuid = app.uuid AND o.accepted_at IS NULL
     AND o.superseded_at IS NULL AND o.expires_at > now()
   WHERE app.uuid = '${appUuid}' AND app.identity_uuid = '${identityUuid}'
   ORDER BY o.created_at, o.uuid`;
}

/** The borrower's list query (services/applications/list-applications.ts), as SQL for EXPLAIN. */
function borrowerListSql(identityUuid) {
  return `SELECT * FROM applications WHERE identity_uuid = '${identityUuid}'
   ORDER BY created_at DESC, uuid DESC`;
}

async function explain(client, sql) {
  const { rows } = await client.query(`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${sql}`);
  const plan = rows.map((row) => row['QUERY PLAN']);
  const indexes = plan.flatMap((line) =>
    [...line.matchAll(/Index (?:Only )?Scan (?:Backward )?using (\w+)/g)].map((match) => match[1]),
  );
  return {
    plan,
    indexesUsed: [...new Set(indexes)],
    seqScans: plan.filter((line) => /Seq Scan on/.test(line)).map((line) => line.trim()),
    executionMs: Number(/Execution Time: ([\d.]+)/.exec(plan.join('\n'))?.[1]),
  };
}

/** The cursor of the page that starts `rowsBefore` rows down the console's list. */
async function cursorAfter(client, rowsBefore) {
  const { rows } = await client.query(
    `SELECT a.uuid FROM applications a INNER JOIN identities i ON i.uuid = a.identity_uuid
      ORDER BY a.created_at DESC, a.uuid DESC OFFSET $1 LIMIT 1`,
    [rowsBefore - 1],
  );
  if (rows[0] === undefined) throw new Error(`The console list has no row ${rowsBefore}`);
  return rows[0].uuid;
}

/** The cursor the console itself gives after `pages` pages, following each page's nextCursor. */
async function cursorAfterPages(base, agentToken, pages) {
  let cursor;
  for (let page = 0; page < pages; page += 1) {
    const answer = await call(base, contract.getOpsApplications.path, {
      token: agentToken,
      query: cursor === undefined ? {} : { cursor },
    });
    expectFullPage(answer);
    cursor = answer.nextCursor;
  }
  return cursor;
}

function expectFullPage(answer) {
  const size = contract.OPS_PAGE_SIZE_DEFAULT;
  if (answer.items.length !== size || answer.nextCursor === null) {
    throw new Error(
      `A console page holds ${answer.items.length} applications (expected ${size} and a next page)`,
    );
  }
}

async function measureEndpoint(url, token, check) {
  // Unmeasured: the server's code paths compiled and the database's caches warm at both sizes
  // alike, so the first size measured is not the one that pays for a fresh server.
  await cannon({ url, headers: { authorization: `Bearer ${token}` }, ...WARM_UP_LOAD });
  const sequential = await sequentialLatency(url, { token, count: SEQUENTIAL_REQUESTS, check });
  const load = await cannon({ url, headers: { authorization: `Bearer ${token}` }, ...LIST_LOAD });
  return { ...sequential, load: loadRow(load) };
}

async function measureAtSize(base, client, { agentToken, borrower, offersBorrower, total }) {
  const consoleUrl = `${base}${contract.getOpsApplications.path}`;
  const pageSize = contract.OPS_PAGE_SIZE_DEFAULT;
  const pagesBefore = Math.floor((total * DEEP_PAGE_DEPTH) / pageSize);
  const deepCursor = await cursorAfter(client, pagesBefore * pageSize);
  if (pagesBefore <= WALKED_PAGES_MAX) {
    // Where paging through the console leads must be where the cursor built in SQL points.
    const walked = await cursorAfterPages(base, agentToken, pagesBefore);
    if (walked !== deepCursor) {
      throw new Error(
        `After ${pagesBefore} pages the console's cursor is ${walked}, not ${deepCursor}`,
      );
    }
  }
  const borrowerCheck = (answer) => {
    const foreign = answer.filter((application) => application.identityUuid !== borrower.uuid);
    if (answer.length !== BORROWER_APPLICATIONS || foreign.length > 0) {
      throw new Error(
        `The borrower's list holds ${answer.length} applications, ${foreign.length} not theirs ` +
          `(expected ${BORROWER_APPLICATIONS}, all theirs)`,
      );
    }
  };
  const offersPath = contract.buildPath(contract.getOffers.path, {
    appUuid: offersBorrower.appUuid,
  });
  await call(
    base,
    contract.buildPath(contract.postRequestedOffer.path, { appUuid: offersBorrower.appUuid }),
    {
      method: 'POST',
      token: offersBorrower.token,
      body: REQUESTED_OFFER,
    },
  );
  const offersCheck = (answer) => {
    if (answer.length !== 1) {
      throw new Error(
        `The offers list holds ${answer.length} offers (expected the one just priced)`,
      );
    }
  };
  return {
    applications: total,
    consoleFirstPage: await measureEndpoint(consoleUrl, agentToken, expectFullPage),
    consoleDeepPage: {
      depth: DEEP_PAGE_DEPTH,
      pagesBefore,
      ...(await measureEndpoint(`${consoleUrl}?cursor=${deepCursor}`, agentToken, expectFullPage)),
    },
    borrowerList: await measureEndpoint(
      `${base}${contract.getUserApps.path}`,
      borrower.token,
      borrowerCheck,
    ),
    offersList: await measureEndpoint(`${base}${offersPath}`, offersBorrower.token, offersCheck),
    deepCursor,
  };
}

export async function measureLists(base, { dataDir, pgPort }) {
  const agentToken = await signIn(base, SANDBOX_AGENT_EMAIL, 'agent');
  const borrower = await signInNewBorrower(base);
  const application = await newApplicationWithOffer(base, borrower.token, { accept: true });
  borrower.uuid = application.identityUuid;
  // The offers list is measured on an application of its own, so the borrower's list stays theirs.
  const offersBorrower = await signInNewBorrower(base);
  const offered = await newApplicationWithOffer(base, offersBorrower.token);
  Object.assign(offersBorrower, { appUuid: offered.appUuid, identityUuid: offered.identityUuid });
  const template = {
    appUuid: application.appUuid,
    offerUuid: application.selectedOffer.uuid,
    identityUuid: application.identityUuid,
  };

  const client = new pg.Client({ connectionString: embeddedDatabaseUrl(dataDir, pgPort) });
  await client.connect();
  try {
    const sizes = [];
    let nextCopy = 0;
    let explained;
    for (const [index, size] of LIST_SIZES.entries()) {
      const started = Date.now();
      if (index === 0) {
        await copyApplications(client, template, {
          first: 1,
          last: BORROWER_APPLICATIONS - 1,
          identityUuid: template.identityUuid,
        });
      }
      const missing = size - (await countApplications(client));
      // The parts before (the throughput part's thousand funded loans) may have made more than
      // the smallest size: it is measured at what the database holds, and says so.
      if (missing < 0 && index > 0) {
        throw new Error(`The database already holds more than ${size} applications`);
      }
      if (missing > 0) {
        const last = nextCopy + missing - 1;
        await createBorrowers(
          client,
          template,
          Math.floor(nextCopy / APPLICATIONS_PER_BORROWER),
          Math.floor(last / APPLICATIONS_PER_BORROWER),
        );
        await copyApplications(client, template, { first: nextCopy, last });
        nextCopy = last + 1;
      }
      // Measured as a settled database is: vacuumed, analysed, the bulk load written out.
      await client.query('VACUUM (ANALYZE) applications, offers, identities');
      await client.query('CHECKPOINT');
      const total = await countApplications(client);
      const seedSeconds = Math.round((Date.now() - started) / 100) / 10;
      console.log(`lists: ${total} applications in the database (${seedSeconds} s to fill)`);
      const measured = await measureAtSize(base, client, {
        agentToken,
        borrower,
        offersBorrower,
        total,
      });
      sizes.push({ ...measured, seedSeconds });
      if (index === LIST_SIZES.length - 1) {
        explained = {
          consoleFirstPage: await explain(client, consoleListSql()),
          consoleDeepPage: await explain(client, consoleListSql(measured.deepCursor)),
          borrowerList: await explain(client, borrowerListSql(borrower.uuid)),
          offersList: await explain(client, offersListSql(offersBorrower)),
        };
      }
    }
    return summarise(sizes, explained);
  } finally {
    await client.end();
  }
}

const ENDPOINTS = {
  consoleFirstPage: 'console list, first page',
  consoleDeepPage: `console list, page ${DEEP_PAGE_DEPTH * 100} % down`,
  borrowerList: "borrower's own list",
  offersList: "an application's offers list",
};

function summarise(sizes, explained) {
  const smallest = sizes[0];
  const largest = sizes.at(-1);
  const flatness = Object.fromEntries(
    Object.keys(ENDPOINTS).map((key) => {
      const ratio = largest[key].medianMs / smallest[key].medianMs;
      return [
        key,
        {
          medianRatio: Math.round(ratio * 100) / 100,
          isFlat: ratio <= FLATNESS_BUDGET_RATIO,
          non2xx: sizes.reduce((sum, size) => sum + size[key].load.non2xx, 0),
          errors: sizes.reduce((sum, size) => sum + size[key].load.errors, 0),
        },
      ];
    }),
  );
  return {
    sizes,
    flatness,
    explain: explained,
    budget: { medianRatio: FLATNESS_BUDGET_RATIO },
  };
}

/** Latencies at each size, then the query plans at the largest. */
export function printLists(result) {
  console.log('\nlists: sequential median / p99, then a load run (50 connections, 5 s)');
  for (const size of result.sizes) {
    for (const [key, name] of Object.entries(ENDPOINTS)) {
      const row = size[key];
      console.log(
        `  ${String(size.applications).padStart(9)} applications  ${name.padEnd(28)}  ` +
          `${row.medianMs} / ${row.p99ms} ms   load ${row.load.reqPerSec} req/s, ` +
          `p99 ${row.load.p99ms} ms, ${row.load.non2xx} non-2xx`,
      );
    }
  }
  for (const [key, plan] of Object.entries(result.explain ?? {})) {
    const size = result.sizes.at(-1).applications;
    console.log(`\nEXPLAIN ANALYZE at ${size} applications: ${ENDPOINTS[key]}`);
    for (const line of plan.plan) console.log(`  ${line}`);
    console.log(
      `  → indexes: ${plan.indexesUsed.join(', ') || 'none'}; ` +
        `sequential scans: ${plan.seqScans.length === 0 ? 'none' : plan.seqScans.join('; ')}`,
    );
  }
}

/** Bars of a lists result: each endpoint flat from the smallest to the largest size, all 2xx. */
export function listBars(result) {
  const [smallest, largest] = [result.sizes[0], result.sizes.at(-1)];
  return Object.entries(ENDPOINTS).flatMap(([key, name]) => {
    const flat = result.flatness[key];
    return [
      {
        bar: `${name}: median ${largest.applications} vs ${smallest.applications} applications`,
        value:
          `${largest[key].medianMs} / ${smallest[key].medianMs} ms = ${flat.medianRatio}x, ` +
          `${flat.isFlat ? 'flat' : 'not flat'} ` +
          `(p99 ${largest[key].p99ms} / ${smallest[key].p99ms} ms)`,
        budget: `<= ${result.budget.medianRatio}x`,
        ok: flat.isFlat,
      },
      {
        bar: `${name}: non-2xx answers and errors under load`,
        value: `${flat.non2xx} non-2xx, ${flat.errors} errors`,
        budget: '0',
        ok: flat.non2xx === 0 && flat.errors === 0,
      },
    ];
  });
}
