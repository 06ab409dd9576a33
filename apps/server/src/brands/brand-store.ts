/**
 * The brands of the database, served by every instance: the brand file seeds the tables once (on a
 * database without brands), and each instance then serves the published versions. An instance
 * keeps them in memory (every page, e-mail and PDF reads its brand synchronously, brands.ts) but
 * never serves a version another instance has replaced for long: a publication notifies
 * `brands_changed` (LISTEN/NOTIFY, delivered at its commit), and, should a notification be lost
 * with its connection, each instance also compares the brands' publication stamp every
 * BRAND_CHECK_MS. Either way the new version is served within a second.
 */
import { asc, eq, sql } from 'drizzle-orm';
import type pg from 'pg';
import type { TDb } from '../db/pool.js';
import { brandHosts, brands, brandVersions } from '../db/schema/index.js';
import {
  ZBrandData,
  ZBrandDefinition,
  type TBrandData,
  type TBrandDefinition,
} from './brand-data.js';
import { installBrands } from './brands.js';

export const BRANDS_CHANNEL = 'brands_changed';
/** How often an instance checks that it serves the published versions, besides NOTIFY. */
export const BRAND_CHECK_MS = 500;
/** Any number: the lock of the seed, so that two instances booting together seed once. */
const SEED_LOCK_KEY = 734_201_117;

/**
 * Writes the brand file's brands as their version 1, published, when the database has no brand
 * yet; afterwards the file is not read again (the console changes brands). Answers whether it did.
 */
export async function seedBrands(db: TDb, data: TBrandData): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    const [existing] = await tx.select({ orgCode: brands.orgCode }).from(brands).limit(1);
    if (existing !== undefined) return false;
    const start = Date.now();
    for (const [index, brand] of data.brands.entries()) {
      // A millisecond apart: the console lists them in the file's order.
      const now = new Date(start + index);
      await tx
        .insert(brands)
        .values({ orgCode: brand.orgCode, publishedVersion: 1, publishedAt: now, createdAt: now });
      await tx.insert(brandVersions).values({
        orgCode: brand.orgCode,
        version: 1,
        status: 'PUBLISHED',
        definition: brand as unknown as Record<string, unknown>,
        createdAt: now,
        updatedAt: now,
        publishedAt: now,
      });
      for (const host of brand.hosts) {
        await tx.insert(brandHosts).values({ host, orgCode: brand.orgCode });
      }
    }
    return true;
  });
}

/** A production boot on a database without brands and without a brand file to seed it from. */
export class NoBrandsError extends Error {
  constructor() {
    super(
      'The database holds no brand yet: set BRANDS_FILE to the file of the deployment’s brands for this first start (it seeds the database once; the brand console changes them afterwards)',
    );
    this.name = 'NoBrandsError';
  }
}

export interface TPublishedBrands {
  data: TBrandData;
  versions: Map<string, number>;
  /** Changes whenever a brand is created or a version published. */
  stamp: string;
}

const stampSql = sql<string>`count(*)::text || '/' || coalesce(max(${brands.publishedAt})::text, '')`;

/** The publication stamp alone: one small query. */
export async function readBrandStamp(db: TDb): Promise<string> {
  const [row] = await db.select({ stamp: stampSql }).from(brands);
  return row?.stamp ?? '';
}

/** Every brand's published version, checked as a brand file is; null when none is published. */
export async function readPublishedBrands(db: TDb): Promise<TPublishedBrands | null> {
  return db.transaction(
    async (tx) => {
      const stamp = await readBrandStamp(tx);
      const rows = await tx
        .select({
          orgCode: brands.orgCode,
          version: brandVersions.version,
          definition: brandVersions.definition,
        })
        .from(brands)
        .innerJoin(
          brandVersions,
          sql`${brandVersions.orgCode} = ${brands.orgCode} AND ${brandVersions.version} = ${brands.publishedVersion}`,
        )
        .orderBy(asc(brands.createdAt), asc(brands.orgCode));
      if (rows.length === 0) return null;
      const data = ZBrandData.parse({ brands: rows.map((row) => row.definition) });
      return { data, versions: new Map(rows.map((row) => [row.orgCode, row.version])), stamp };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/** One brand's published definition (null for an unknown code or one never published). */
export async function readPublishedBrand(
  db: TDb,
  orgCode: string,
): Promise<{ version: number; definition: TBrandDefinition } | null> {
  const [row] = await db
    .select({ version: brandVersions.version, definition: brandVersions.definition })
    .from(brands)
    .innerJoin(
      brandVersions,
      sql`${brandVersions.orgCode} = ${brands.orgCode} AND ${brandVersions.version} = ${brands.publishedVersion}`,
    )
    .where(eq(brands.orgCode, orgCode));
  if (row === undefined) return null;
  return { version: row.version, definition: ZBrandDefinition.parse(row.definition) };
}

/** Tells every instance (this one too) that a brand changed; sent when the transaction commits. */
export async function notifyBrandsChanged(tx: TDb, orgCode: string): Promise<void> {
  await tx.execute(sql`SELECT pg_notify(${BRANDS_CHANNEL}, ${orgCode})`);
}

export interface TBrandSync {
  /** Loads the published brands now, if they changed (the tests call it to skip the wait). */
  refresh(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Serves the database's published brands from now on, and follows their publications (NOTIFY and
 * the stamp check). A failed load keeps the brands served and is tried again at the next check.
 */
export async function startBrandSync(deps: {
  db: TDb;
  pool: pg.Pool;
  onError: (error: unknown) => void;
  checkEveryMs?: number;
}): Promise<TBrandSync> {
  let served = '';
  let stopped = false;
  let loading: Promise<void> | null = null;
  let again = false;

  const load = async () => {
    const stamp = await readBrandStamp(deps.db);
    if (stamp === served) return;
    const published = await readPublishedBrands(deps.db);
    if (published === null) return;
    installBrands(published.data, published.versions);
    served = published.stamp;
  };
  // One load at a time; a request during one runs once more after it.
  const refresh = (): Promise<void> => {
    if (loading !== null) {
      again = true;
      return loading;
    }
    loading = (async () => {
      try {
        do {
          again = false;
          await load().catch(deps.onError);
        } while (again && !stopped);
      } finally {
        loading = null;
      }
    })();
    return loading;
  };

  await load();

  let listener: pg.PoolClient | null = null;
  const listen = async () => {
    if (stopped || listener !== null) return;
    try {
      const client = await deps.pool.connect();
      client.on('notification', (message) => {
        if (message.channel === BRANDS_CHANNEL) void refresh();
      });
      client.on('error', (error) => {
        deps.onError(error);
        client.release(true);
        if (listener === client) listener = null;
      });
      await client.query(`LISTEN ${BRANDS_CHANNEL}`);
      listener = client;
    } catch (error) {
      deps.onError(error);
    }
  };
  await listen();

  const timer = setInterval(() => {
    void listen();
    void refresh();
  }, deps.checkEveryMs ?? BRAND_CHECK_MS);
  timer.unref();

  return {
    refresh,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await loading;
      const client = listener;
      listener = null;
      if (client !== null) {
        await client.query(`UNLISTEN ${BRANDS_CHANNEL}`).catch(() => undefined);
        client.release();
      }
    },
  };
}
