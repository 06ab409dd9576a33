/**
 * Publishes a version of a brand, as the approval of a PUBLISH_BRAND controlled action: a draft
 * becomes the brand's served version, or an earlier version is served again (a restore). The
 * version is checked again at approval (another brand may have taken a host since it was
 * proposed), the brand's hosts become its own, and every instance is told at commit
 * (brand-store.ts). Runs in the approval's transaction: all of it or nothing.
 */
import { and, eq, sql } from 'drizzle-orm';
import { ZBrandDefinition } from '../../brands/brand-data.js';
import { notifyBrandsChanged } from '../../brands/brand-store.js';
import type { TDb } from '../../db/pool.js';
import { brandHosts, brands, brandVersions } from '../../db/schema/index.js';
import { HttpError } from '../../http/errors.js';
import { auditBrand } from './brand-audit.js';
import { assertBrandVersionValid } from './brand-checks.js';

export const BRAND_NOT_FOUND = 'No brand has this organisation code.';
export const BRAND_VERSION_NOT_FOUND = 'This brand has no such version.';
export const BRAND_VERSION_SERVED =
  'This version is the one served already: there is nothing to publish.';

/** The brand and version, locked; 404 when either is missing. */
export async function lockBrandVersion(tx: TDb, orgCode: string, version: number) {
  const [brand] = await tx.select().from(brands).where(eq(brands.orgCode, orgCode)).for('update');
  if (brand === undefined) throw new HttpError(404, 'BRAND_NOT_FOUND', BRAND_NOT_FOUND);
  const [row] = await tx
    .select()
    .from(brandVersions)
    .where(and(eq(brandVersions.orgCode, orgCode), eq(brandVersions.version, version)));
  if (row === undefined) {
    throw new HttpError(404, 'BRAND_VERSION_NOT_FOUND', BRAND_VERSION_NOT_FOUND);
  }
  return { brand, row };
}

export async function publishBrandVersion(
  tx: TDb,
  input: {
    orgCode: string;
    version: number;
    proposalId: string;
    proposedByEmail: string;
    approver: { identityUuid: string; email: string };
    at: Date;
  },
): Promise<string> {
  const { brand, row } = await lockBrandVersion(tx, input.orgCode, input.version);
  if (brand.publishedVersion === input.version) {
    throw new HttpError(409, 'BRAND_VERSION_SERVED', BRAND_VERSION_SERVED);
  }
  const definition = ZBrandDefinition.parse(row.definition);
  await assertBrandVersionValid(tx, definition, { newBrand: false });
  if (row.status === 'DRAFT') {
    await tx
      .update(brandVersions)
      .set({
        status: 'PUBLISHED',
        proposalId: input.proposalId,
        proposedByEmail: input.proposedByEmail,
        approvedBy: input.approver.identityUuid,
        approvedByEmail: input.approver.email,
        publishedAt: input.at,
        updatedAt: input.at,
      })
      .where(
        and(eq(brandVersions.orgCode, input.orgCode), eq(brandVersions.version, input.version)),
      );
  }
  // The stamp the instances compare: the database's own clock, always later than the last one.
  await tx
    .update(brands)
    .set({ publishedVersion: input.version, publishedAt: sql`clock_timestamp()` })
    .where(eq(brands.orgCode, input.orgCode));
  await tx.delete(brandHosts).where(eq(brandHosts.orgCode, input.orgCode));
  if (definition.hosts.length > 0) {
    await tx
      .insert(brandHosts)
      .values(definition.hosts.map((host) => ({ host, orgCode: input.orgCode })));
  }
  await notifyBrandsChanged(tx, input.orgCode);
  const restored = row.status === 'PUBLISHED' ? ' (restored)' : '';
  await auditBrand(tx, {
    orgCode: input.orgCode,
    agentUuid: input.approver.identityUuid,
    from: brand.publishedVersion === null ? null : `PUBLISHED ${brand.publishedVersion}`,
    to: `PUBLISHED ${input.version}`,
    reason: `proposed by ${input.proposedByEmail}, approved by ${input.approver.email}${restored}`,
    at: input.at,
  });
  return `Brand ${input.orgCode} now serves version ${input.version}${restored}`;
}
