import type { TGetOpsBrandsResponse } from '@pledge/contract';
import { asc } from 'drizzle-orm';
import { ZBrandDefinition } from '../../brands/brand-data.js';
import type { TDb } from '../../db/pool.js';
import { brands, brandVersions } from '../../db/schema/index.js';

/** Every brand, in the order they were created, with its served version and open draft. */
export async function listBrands(db: TDb): Promise<TGetOpsBrandsResponse> {
  const [brandRows, versionRows] = await Promise.all([
    db.select().from(brands).orderBy(asc(brands.createdAt), asc(brands.orgCode)),
    db
      .select({
        orgCode: brandVersions.orgCode,
        version: brandVersions.version,
        status: brandVersions.status,
        definition: brandVersions.definition,
      })
      .from(brandVersions),
  ]);
  return {
    brands: brandRows.map((brand) => {
      const own = versionRows.filter((row) => row.orgCode === brand.orgCode);
      const draft = own.find((row) => row.status === 'DRAFT');
      const shown = own.find((row) => row.version === brand.publishedVersion) ?? draft;
      const definition = shown === undefined ? null : ZBrandDefinition.parse(shown.definition);
      return {
        orgCode: brand.orgCode,
        companyName: definition?.companyName ?? brand.orgCode,
        publishedVersion: brand.publishedVersion,
        draftVersion: draft?.version ?? null,
        hosts: definition?.hosts ?? [],
      };
    }),
  };
}
