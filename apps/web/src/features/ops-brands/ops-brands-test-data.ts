/** Answers of the brand endpoints, for tests. */
import type { TGetOpsBrandsResponse } from '@pledge/contract';

/** A row of the brand list: the product's own brand, version 1 served, no draft, no host. */
export function brandRow(
  overrides: Partial<TGetOpsBrandsResponse['brands'][number]> = {},
): TGetOpsBrandsResponse['brands'][number] {
  return {
    orgCode: 'default',
    companyName: 'Pledge Lending',
    publishedVersion: 1,
    draftVersion: null,
    hosts: [],
    ...overrides,
  };
}
