import { describe, expect, it } from 'vitest';
import {
  OPS_PAGE_SIZE_DEFAULT,
  OPS_PAGE_SIZE_MAX,
  ZGetOpsApplicationsQuery,
} from './get-applications.js';

describe('ZGetOpsApplicationsQuery', () => {
  it('reads the page size from the query string, with a default', () => {
    expect(ZGetOpsApplicationsQuery.parse({})).toEqual({ limit: OPS_PAGE_SIZE_DEFAULT });
    expect(
      ZGetOpsApplicationsQuery.parse({ state: 'SIGN_DOCS', limit: '50', search: ' ada ' }),
    ).toEqual({ state: 'SIGN_DOCS', limit: 50, search: 'ada' });
  });

  it.each([
    { limit: String(OPS_PAGE_SIZE_MAX + 1) },
    { limit: '0' },
    { limit: 'ten' },
    { state: 'FUNDED' },
    { search: '' },
  ])('refuses %j', (query) => {
    expect(ZGetOpsApplicationsQuery.safeParse(query).success).toBe(false);
  });
});
