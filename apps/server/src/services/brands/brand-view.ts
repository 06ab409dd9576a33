/**
 * A brand as the console shows it: the served version's and the draft's fields (what the console
 * edits) and every version with who wrote, proposed and approved it.
 */
import type { TBrandDraft, TGetOpsBrandResponse } from '@pledge/contract';
import { desc, eq } from 'drizzle-orm';
import { ZBrandDefinition, type TBrandDefinition } from '../../brands/brand-data.js';
import type { TDb } from '../../db/pool.js';
import { brands, brandVersions } from '../../db/schema/index.js';
import { HttpError } from '../../http/errors.js';
import { BRAND_NOT_FOUND } from './publish-brand-version.js';

/** The fields of a definition the console edits. */
export function draftFieldsOf(definition: TBrandDefinition): TBrandDraft {
  return {
    orgCode: definition.orgCode,
    companyName: definition.companyName,
    legalName: definition.legalName,
    supportPhone: definition.supportPhone,
    supportEmail: definition.supportEmail,
    termsUrl: definition.termsUrl,
    privacyUrl: definition.privacyUrl,
    licensesUrl: definition.licensesUrl,
    nmlsNumber: definition.nmlsNumber,
    logoUrl: definition.logoUrl,
    ...(definition.faviconUrl !== undefined ? { faviconUrl: definition.faviconUrl } : {}),
    colors: definition.colors,
    flags: definition.flags,
    housingLogo: definition.housingLogo,
    internationalEnabled: definition.internationalEnabled,
    mobileApp: definition.mobileApp,
    servedStates: (definition.servedStates ?? []) as TBrandDraft['servedStates'],
    stateLicences: (definition.stateLicences ?? []) as TBrandDraft['stateLicences'],
    footerTexts: definition.footerTexts ?? [],
    hosts: definition.hosts,
  };
}

export async function readBrandView(db: TDb, orgCode: string): Promise<TGetOpsBrandResponse> {
  const [brand] = await db.select().from(brands).where(eq(brands.orgCode, orgCode));
  if (brand === undefined) throw new HttpError(404, 'BRAND_NOT_FOUND', BRAND_NOT_FOUND);
  const rows = await db
    .select()
    .from(brandVersions)
    .where(eq(brandVersions.orgCode, orgCode))
    .orderBy(desc(brandVersions.version));
  const published = rows.find((row) => row.version === brand.publishedVersion);
  const draft = rows.find((row) => row.status === 'DRAFT');
  const fields = (row: (typeof rows)[number]) =>
    draftFieldsOf(ZBrandDefinition.parse(row.definition));
  return {
    orgCode,
    publishedVersion: brand.publishedVersion,
    published: published === undefined ? null : fields(published),
    draft:
      draft === undefined
        ? null
        : { version: draft.version, basedOn: draft.basedOn, fields: fields(draft) },
    versions: rows.map((row) => ({
      version: row.version,
      status: row.status,
      basedOn: row.basedOn,
      createdByEmail: row.createdByEmail,
      updatedAt: row.updatedAt.toISOString(),
      proposedByEmail: row.proposedByEmail,
      approvedByEmail: row.approvedByEmail,
      publishedAt: row.publishedAt?.toISOString() ?? null,
    })),
  };
}
