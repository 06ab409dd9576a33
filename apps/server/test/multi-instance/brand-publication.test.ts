/**
 * Two real server processes on one PostgreSQL: a brand published on the database (as the approval
 * of PUBLISH_BRAND does it) is served by both within a second, by `?org=` and by its host name,
 * with no restart; a restored version likewise.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadBrandData } from '../../src/brands/brand-data.js';
import { brands, brandVersions } from '../../src/db/schema/index.js';
import { publishBrandVersion } from '../../src/services/brands/publish-brand-version.js';
import { useInstancesOnOneDatabase, type TInstance } from './instances.js';

// A web build of one page: the brand block is what the test reads.
const webDist = mkdtempSync(path.join(os.tmpdir(), 'pledge-brand-web-'));
writeFileSync(
  path.join(webDist, 'index.html'),
  '<!doctype html><html><head><!--brand-config--></head><body><div id="root"></div></body></html>',
);
afterAll(() => rmSync(webDist, { recursive: true, force: true }));

const world = useInstancesOnOneDatabase([
  { name: 'instance A', env: { WEB_DIST: webDist } },
  { name: 'instance B', env: { WEB_DIST: webDist } },
]);

const HOST = 'loans.acmecredit.test';
const START = '/account/crypto-backed-loan/start';

/** The brand block of the start page, asked by `?org=` or by host name. */
async function servedBrand(
  instance: TInstance,
  by: { org: string } | { host: string },
): Promise<{ orgCode: string; companyName: string }> {
  const url = 'org' in by ? `${START}?org=${by.org}` : START;
  // Behind the load balancer (TRUST_PROXY): the host name the browser asked for.
  const headers: Record<string, string> = 'host' in by ? { 'x-forwarded-host': by.host } : {};
  const response = await instance.fetch(url, { headers });
  const html = await response.text();
  const block = /<script type="application\/json" id="brand-config">(.*?)<\/script>/.exec(html);
  if (block?.[1] === undefined) throw new Error(`No brand block in ${response.status}: ${html}`);
  return JSON.parse(block[1]) as { orgCode: string; companyName: string };
}

/** Milliseconds until every instance serves `companyName` both ways, or throws past `limitMs`. */
async function timeUntilServed(companyName: string, limitMs: number): Promise<number> {
  const started = Date.now();
  for (;;) {
    const answers = await Promise.all(
      world.instances.flatMap((instance) => [
        servedBrand(instance, { org: 'acme' }),
        servedBrand(instance, { host: HOST }),
      ]),
    );
    if (answers.every((brand) => brand.companyName === companyName)) return Date.now() - started;
    if (Date.now() - started > limitMs) {
      throw new Error(`Not served in ${limitMs} ms: ${JSON.stringify(answers)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const approver = {
  identityUuid: '00000000-0000-4000-8000-000000000001',
  email: 'checker@example.com',
};

describe('a brand published on one database', () => {
  it('is served by both instances within a second, and a restored version as well', async () => {
    const { db } = world.database;
    const [a, b] = world.instances as [TInstance, TInstance];
    // Seeded from the demo brands at boot: an unknown code is the default brand.
    expect((await servedBrand(a, { org: 'acme' })).orgCode).toBe('default');
    expect((await servedBrand(b, { host: HOST })).orgCode).toBe('default');
    expect((await db.select().from(brands)).map((row) => row.orgCode).sort()).toEqual([
      'default',
      'markets',
      'partner',
    ]);

    const base = loadBrandData().brands.find((brand) => brand.orgCode === 'default');
    if (base === undefined) throw new Error('no default brand');
    const version = (n: number, companyName: string) => ({
      orgCode: 'acme',
      version: n,
      status: 'DRAFT' as const,
      definition: { ...base, orgCode: 'acme', companyName, hosts: [HOST] },
    });
    await db.insert(brands).values({ orgCode: 'acme' });
    await db.insert(brandVersions).values(version(1, 'Acme Crypto Credit'));
    const publish = (n: number) =>
      db.transaction((tx) =>
        publishBrandVersion(tx, {
          orgCode: 'acme',
          version: n,
          proposalId: '00000000-0000-4000-8000-00000000000' + String(n),
          proposedByEmail: 'maker@example.com',
          approver,
          at: new Date(),
        }),
      );

    await publish(1);
    expect(await timeUntilServed('Acme Crypto Credit', 1_000)).toBeLessThanOrEqual(1_000);

    await db.insert(brandVersions).values(version(2, 'Acme Credit'));
    await publish(2);
    expect(await timeUntilServed('Acme Credit', 1_000)).toBeLessThanOrEqual(1_000);

    // A restore: version 1 again, on both, with no restart.
    await publish(1);
    expect(await timeUntilServed('Acme Crypto Credit', 1_000)).toBeLessThanOrEqual(1_000);
    expect(a.process.exitCode).toBeNull();
    expect(b.process.exitCode).toBeNull();
  });
});
