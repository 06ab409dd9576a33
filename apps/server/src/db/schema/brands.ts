/**
 * Brands in the database, versioned (issue: brand console). `brands` is one row per organisation
 * code ever created (a code is never reused) with the version it serves now; `brand_versions`
 * keeps every version, drafts included, with who wrote it and who approved its publication;
 * `brand_hosts` gives each host name to one brand (the published version's hosts); `brand_assets`
 * holds logos and favicons as uploaded, decoded and re-encoded. The brand file (BRANDS_FILE, or
 * the demo brands in the sandbox) seeds these tables on an empty database.
 */
import { sql } from 'drizzle-orm';
import {
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, generatedUuid, timestamptz, updatedAt } from './columns.js';

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

export const BRAND_VERSION_STATUSES = ['DRAFT', 'PUBLISHED'] as const;
export type TBrandVersionStatus = (typeof BRAND_VERSION_STATUSES)[number];

export const brands = pgTable(
  'brands',
  {
    orgCode: text('org_code').primaryKey(),
    /** The version served; null until the first version is published. */
    publishedVersion: integer('published_version'),
    /** When the served version last changed: the instances' cheap check that they serve it. */
    publishedAt: timestamptz('published_at'),
    createdAt: createdAt(),
    /** The agent who created the brand (null for the brands seeded from the brand file). */
    createdBy: uuid('created_by'),
  },
  (table) => [check('brands_org_code_shape', sql`${table.orgCode} ~ '^[a-z0-9][a-z0-9-]{0,62}$'`)],
);

export const brandVersions = pgTable(
  'brand_versions',
  {
    orgCode: text('org_code')
      .notNull()
      .references(() => brands.orgCode),
    /** 1, 2, … per brand. */
    version: integer('version').notNull(),
    status: text('status').$type<TBrandVersionStatus>().notNull(),
    /** The whole brand as served (brand-data.ts ZBrandDefinition, hosts included). */
    definition: jsonb('definition').$type<Record<string, unknown>>().notNull(),
    /** The version the draft was written from (its diff is against that one). */
    basedOn: integer('based_on'),
    createdBy: uuid('created_by'),
    createdByEmail: text('created_by_email'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** The controlled action that published it, and the agents who proposed and approved it. */
    proposalId: uuid('proposal_id'),
    proposedByEmail: text('proposed_by_email'),
    approvedBy: uuid('approved_by'),
    approvedByEmail: text('approved_by_email'),
    publishedAt: timestamptz('published_at'),
  },
  (table) => [
    primaryKey({ columns: [table.orgCode, table.version] }),
    check('brand_versions_status_known', sql`${table.status} IN ('DRAFT', 'PUBLISHED')`),
    check('brand_versions_version_positive', sql`${table.version} > 0`),
    // One open draft per brand.
    uniqueIndex('brand_versions_one_draft_unique')
      .on(table.orgCode)
      .where(sql`${table.status} = 'DRAFT'`),
  ],
);

/** Each host name serves one brand: the hosts of the brands' published versions. */
export const brandHosts = pgTable(
  'brand_hosts',
  {
    host: text('host').primaryKey(),
    orgCode: text('org_code')
      .notNull()
      .references(() => brands.orgCode),
  },
  (table) => [index('brand_hosts_org_code_idx').on(table.orgCode)],
);

export const BRAND_ASSET_KINDS = ['LOGO', 'FAVICON'] as const;
export type TBrandAssetKind = (typeof BRAND_ASSET_KINDS)[number];

/** A logo or favicon as served: decoded and re-encoded as PNG when uploaded. */
export const brandAssets = pgTable(
  'brand_assets',
  {
    id: generatedUuid('id'),
    orgCode: text('org_code')
      .notNull()
      .references(() => brands.orgCode),
    kind: text('kind').$type<TBrandAssetKind>().notNull(),
    contentType: text('content_type').notNull(),
    bytes: bytea('bytes').notNull(),
    /** Hex SHA-256 of the bytes: the same image uploaded twice is stored once. */
    sha256: text('sha256').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
  },
  (table) => [
    check('brand_assets_kind_known', sql`${table.kind} IN ('LOGO', 'FAVICON')`),
    uniqueIndex('brand_assets_org_sha_unique').on(table.orgCode, table.kind, table.sha256),
  ],
);
