/**
 * The brand console's server side: a brand is created and edited as a draft, refused whole when a
 * rule is broken (contrast with its ratio, licences, hosts, an org code used before), and served
 * only once a second agent approves its publication (PUBLISH_BRAND); any earlier version can be
 * restored the same way. Every instance then serves it (brand-store.ts; across processes in
 * test/multi-instance/brand-publication.test.ts).
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TControlledAction, TGetOpsBrandResponse } from '@pledge/contract';
import { and, asc, eq } from 'drizzle-orm';
import { loadBrandData } from '../../src/brands/brand-data.js';
import { seedBrands, startBrandSync, type TBrandSync } from '../../src/brands/brand-store.js';
import { brandFor, installBrands, publishedBrandVersion } from '../../src/brands/brands.js';
import {
  applications,
  auditEvents,
  disclosureDocuments,
  brandHosts,
  brands,
  brandVersions,
} from '../../src/db/schema/index.js';
import {
  borrowerAfterCreditCheck,
  createdApplication,
  newBorrower,
} from '../applications/helpers.js';
import { BRAND_ASSET_MESSAGES } from '../../src/services/brands/brand-assets.js';
import { DRAFT_PROPOSED } from '../../src/services/brands/save-brand-draft.js';
import { PREVIEW_EXPIRED } from '../../src/web/serve-web.js';
import { buildTestApp } from '../helpers/app.js';
import { bearer } from '../identity/sign-in.js';
import { ACME } from '../helpers/brand-draft.js';
import { approveProposal, expectJson, OPS, opsCall, useTwoAgentContext } from './helpers.js';

const { ctx, maker, checker } = useTwoAgentContext();
let sync: TBrandSync;

beforeAll(async () => {
  await seedBrands(ctx.database.db, loadBrandData());
  sync = await startBrandSync({
    db: ctx.database.db,
    pool: ctx.database.pool,
    onError: (error) => {
      throw error;
    },
  });
});
afterAll(async () => {
  await sync?.stop();
  // The other test files of this worker serve the demo brands from the file.
  installBrands(loadBrandData());
});

/** WCAG 2.0 contrast, written again here from its definition. */
function referenceContrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const n = parseInt(hex.slice(1), 16);
    const [r, g, bl] = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map((v) => {
      const s = v / 255;
      return s <= 0.03928 ? s / 12.92 : Math.pow((s + 0.055) / 1.055, 2.4);
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

function call(method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object) {
  return ctx.app.inject({
    method,
    url,
    headers: bearer(token),
    ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
  });
}

async function publish(orgCode: string, version: number): Promise<TControlledAction> {
  const proposed = await call(
    'POST',
    `${OPS}/brands/${orgCode}/versions/${version}/publish`,
    maker.token,
    {
      reason: 'Reviewed with the lender',
    },
  );
  const pending = expectJson(proposed, 202) as TControlledAction;
  expect(pending).toMatchObject({ action: 'PUBLISH_BRAND', status: 'PENDING' });
  return pending;
}

describe('brand drafts', () => {
  it('refuses a draft whose text is below 4.5:1 on its background, with the ratio, and writes nothing', async () => {
    const answer = await call('POST', `${OPS}/brands`, maker.token, {
      ...ACME,
      orgCode: 'faint',
      hosts: [],
      colors: { ...ACME.colors, text: '#9a9a9a' },
    });
    const body = expectJson(answer, 400) as {
      message: string;
      fieldErrors: Record<string, string[]>;
    };
    const ratio = (Math.floor(referenceContrast('#9a9a9a', '#fbf7fa') * 100) / 100).toFixed(2);
    expect(body.message).toContain(`${ratio}:1`);
    expect(body.fieldErrors['colors.text']?.[0]).toContain('4.5:1');
    expect(await ctx.database.db.select().from(brands).where(eq(brands.orgCode, 'faint'))).toEqual(
      [],
    );
  });

  it('refuses a served state without a licence, a host another brand serves and a used org code', async () => {
    const unlicensed = await call('POST', `${OPS}/brands`, maker.token, {
      ...ACME,
      servedStates: ['CA', 'NY', 'FL'],
    });
    expect((expectJson(unlicensed, 400) as { message: string }).message).toContain('FL');
    const takenHost = await call('POST', `${OPS}/brands`, maker.token, {
      ...ACME,
      hosts: ['partner.localhost'],
    });
    expect((expectJson(takenHost, 400) as { message: string }).message).toBe(
      'partner.localhost already serves the brand "partner".',
    );
    const usedCode = await call('POST', `${OPS}/brands`, maker.token, {
      ...ACME,
      orgCode: 'partner',
    });
    expect((expectJson(usedCode, 400) as { message: string }).message).toContain('already used');
    const tooLong = await call('POST', `${OPS}/brands`, maker.token, {
      ...ACME,
      companyName: 'x'.repeat(121),
    });
    expect(tooLong.statusCode).toBe(400);
  });

  it('creates a brand as a draft: listed, not served', async () => {
    const created = expectJson(
      await call('POST', `${OPS}/brands`, maker.token, ACME),
      201,
    ) as TGetOpsBrandResponse;
    expect(created).toMatchObject({ orgCode: 'acme', publishedVersion: null, published: null });
    expect(created.draft).toMatchObject({ version: 1, basedOn: null, fields: ACME });
    const list = expectJson(await call('GET', `${OPS}/brands`, checker.token), 200) as {
      brands: { orgCode: string; publishedVersion: number | null; draftVersion: number | null }[];
    };
    expect(list.brands.map((brand) => brand.orgCode)).toEqual([
      'default',
      'partner',
      'markets',
      'acme',
    ]);
    expect(list.brands[3]).toMatchObject({ publishedVersion: null, draftVersion: 1 });
    await sync.refresh();
    expect(brandFor('acme', false).orgCode).toBe('default');
    // The same creation again (a double click) is refused: the code is taken.
    expect((await call('POST', `${OPS}/brands`, maker.token, ACME)).statusCode).toBe(400);
  });
});

describe('publishing under four eyes', () => {
  it('serves the draft only once a second agent approves it, and records both agents', async () => {
    const pending = await publish('acme', 1);
    const self = await approveProposal(ctx.app, maker, pending.id);
    expect(self.statusCode).toBe(403);
    await sync.refresh();
    expect(brandFor('acme', false).orgCode).toBe('default');

    const approved = expectJson(
      await approveProposal(ctx.app, checker, pending.id),
      200,
    ) as TControlledAction;
    expect(approved.status).toBe('APPROVED');
    await sync.refresh();
    expect(brandFor('acme', false)).toMatchObject({
      orgCode: 'acme',
      companyName: 'Acme Crypto Credit',
      stateLicences: ACME.stateLicences,
      footerTexts: ACME.footerTexts,
    });
    expect(publishedBrandVersion('acme')).toBe(1);
    const [version] = await ctx.database.db
      .select()
      .from(brandVersions)
      .where(eq(brandVersions.orgCode, 'acme'));
    expect(version).toMatchObject({
      status: 'PUBLISHED',
      proposedByEmail: maker.email,
      approvedByEmail: checker.email,
      createdByEmail: maker.email,
    });
    expect(
      await ctx.database.db.select().from(brandHosts).where(eq(brandHosts.orgCode, 'acme')),
    ).toEqual([{ host: 'loans.acmecredit.test', orgCode: 'acme' }]);
    const trail = await ctx.database.db
      .select({ from: auditEvents.fromState, to: auditEvents.toState, reason: auditEvents.reason })
      .from(auditEvents)
      .where(and(eq(auditEvents.entityType, 'brand'), eq(auditEvents.entityId, 'acme')))
      .orderBy(asc(auditEvents.at));
    expect(trail).toEqual([
      { from: null, to: 'DRAFT 1', reason: `created by ${maker.email}` },
      {
        from: null,
        to: 'PUBLISHED 1',
        reason: `proposed by ${maker.email}, approved by ${checker.email}`,
      },
    ]);
  });

  it('records the published version on a new application of the brand', async () => {
    const borrower = await newBorrower(ctx.app);
    const { appUuid } = await createdApplication(ctx.app, borrower.token, { organization: 'acme' });
    const [row] = await ctx.database.db
      .select({ organization: applications.organization, brandVersion: applications.brandVersion })
      .from(applications)
      .where(eq(applications.uuid, appUuid));
    expect(row).toEqual({ organization: 'acme', brandVersion: 1 });
  });

  it('records the published version on the disclosures an application is given', async () => {
    // The default brand is served at its seeded version 1.
    const borrower = await borrowerAfterCreditCheck(ctx);
    const rows = await ctx.database.db
      .select({ brandVersion: disclosureDocuments.brandVersion })
      .from(disclosureDocuments)
      .where(eq(disclosureDocuments.applicationUuid, borrower.appUuid));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.brandVersion === 1)).toBe(true);
  });

  it('publishes a new version, then restores the first, each on approval', async () => {
    const saved = expectJson(
      await call('PUT', `${OPS}/brands/acme/draft`, maker.token, {
        ...ACME,
        companyName: 'Acme Credit',
      }),
      200,
    ) as TGetOpsBrandResponse;
    expect(saved.draft).toMatchObject({ version: 2, basedOn: 1 });
    const [changed] = await ctx.database.db
      .select({ reason: auditEvents.reason, to: auditEvents.toState })
      .from(auditEvents)
      .where(and(eq(auditEvents.entityType, 'brand'), eq(auditEvents.toState, 'DRAFT 2')));
    expect(changed?.reason).toBe(`${maker.email} changed companyName`);
    expect(saved.published?.companyName).toBe('Acme Crypto Credit');

    // Once proposed, the draft is what the checker approves: it cannot change while it waits.
    const proposedV2 = await publish('acme', 2);
    const edited = await call('PUT', `${OPS}/brands/acme/draft`, maker.token, {
      ...ACME,
      companyName: 'Acme Sneaky Credit',
    });
    expect((expectJson(edited, 409) as { message: string }).message).toBe(DRAFT_PROPOSED);
    expectJson(await approveProposal(ctx.app, checker, proposedV2.id), 200);
    await sync.refresh();
    expect(brandFor('acme', false).companyName).toBe('Acme Credit');
    expect(publishedBrandVersion('acme')).toBe(2);

    const restore = await publish('acme', 1);
    expect(restore.summary).toContain('Restore version 1 of brand acme (serving version 2)');
    expectJson(await approveProposal(ctx.app, checker, restore.id), 200);
    await sync.refresh();
    expect(brandFor('acme', false).companyName).toBe('Acme Crypto Credit');
    expect(publishedBrandVersion('acme')).toBe(1);

    // The version served already: nothing to propose.
    const again = await call('POST', `${OPS}/brands/acme/versions/1/publish`, maker.token, {
      reason: 'again',
    });
    expect(again.statusCode).toBe(409);
  });

  it('refuses a draft that takes a host published since, at proposal', async () => {
    expectJson(
      await call('POST', `${OPS}/brands`, maker.token, {
        ...ACME,
        orgCode: 'acme-two',
        hosts: ['loans.acmecredit.test'],
      }),
      400,
    );
    const foreign = await call('PUT', `${OPS}/brands/acme/draft`, maker.token, {
      ...ACME,
      orgCode: 'other',
    });
    expect(foreign.statusCode).toBe(400);
    expect((await opsCall(ctx.app, 'GET', `${OPS}/brands/nobody`, checker.token)).statusCode).toBe(
      404,
    );
  });
});

describe('the preview of a draft on the real pages', () => {
  let webRoot: string;
  let pages: FastifyInstance;
  beforeAll(async () => {
    webRoot = await mkdtemp(path.join(os.tmpdir(), 'pledge-brand-preview-'));
    await writeFile(
      path.join(webRoot, 'index.html'),
      '<!doctype html><html><head><!--brand-config--></head><body><div id="root"></div></body></html>',
    );
    pages = await buildTestApp({ database: ctx.database, webDist: webRoot, sandbox: true });
  });
  afterAll(async () => {
    await pages?.close();
    await rm(webRoot, { recursive: true, force: true });
  });

  it('shows the draft to whoever holds an agent’s token, framed by this origin only, and nothing else', async () => {
    expectJson(
      await call('PUT', `${OPS}/brands/acme/draft`, maker.token, {
        ...ACME,
        companyName: 'Acme Preview Credit',
      }),
      200,
    );
    const anonymous = await ctx.app.inject({ method: 'POST', url: `${OPS}/brands/acme/preview` });
    expect(anonymous.statusCode).toBe(401);
    const issued = expectJson(
      await call('POST', `${OPS}/brands/acme/preview`, maker.token),
      200,
    ) as { token: string; version: number };
    expect(issued.version).toBe(3);

    const page = await pages.inject({
      method: 'GET',
      url: `/account/crypto-backed-loan/residency?brandPreview=${encodeURIComponent(issued.token)}`,
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('"companyName":"Acme Preview Credit"');
    expect(page.body).not.toContain('loans.acmecredit.test');
    expect(String(page.headers['content-security-policy'])).toContain("frame-ancestors 'self'");
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(page.headers['x-robots-tag']).toBe('noindex, nofollow');

    // Without the token the page is the served brand's, and cannot be framed.
    const served = await pages.inject({
      method: 'GET',
      url: '/account/crypto-backed-loan/residency?org=acme',
    });
    expect(served.body).toContain('"companyName":"Acme Crypto Credit"');
    expect(String(served.headers['content-security-policy'])).toContain("frame-ancestors 'none'");

    // A forged or altered token shows nothing.
    const forged = await pages.inject({
      method: 'GET',
      url: `/account/crypto-backed-loan/residency?brandPreview=${encodeURIComponent(issued.token.slice(0, -2))}xx`,
    });
    expect(forged.statusCode).toBe(410);
    expect(forged.body).toBe(PREVIEW_EXPIRED);
  });
});

function upload(kind: 'LOGO' | 'FAVICON', bytes: Buffer, contentType: string) {
  return ctx.app.inject({
    method: 'POST',
    url: `${OPS}/brands/acme/assets?kind=${kind}`,
    headers: { ...bearer(maker.token), 'content-type': contentType },
    payload: bytes,
  });
}

describe('brand images', () => {
  it('re-encodes an uploaded logo as PNG without its metadata, serves it, and refuses SVG', async () => {
    const jpeg = await sharp({
      create: { width: 4000, height: 1000, channels: 3, background: '#7a1f5c' },
    })
      .jpeg()
      .withMetadata({ exif: { IFD0: { Copyright: 'secret-maker' } } })
      .toBuffer();
    const uploaded = expectJson(await upload('LOGO', jpeg, 'image/jpeg'), 201) as {
      url: string;
      width: number;
      height: number;
    };
    // At most 2,048 px a side, its proportions kept.
    expect(uploaded).toMatchObject({ width: 2048, height: 512 });
    expect(uploaded.url).toMatch(/^\/brand-assets\/[0-9a-f-]{36}$/);

    const served = await ctx.app.inject({ method: 'GET', url: uploaded.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    const metadata = await sharp(served.rawPayload).metadata();
    expect(metadata).toMatchObject({ format: 'png', width: 2048, height: 512 });
    expect(metadata.exif).toBeUndefined();
    expect(served.rawPayload.includes(Buffer.from('secret-maker'))).toBe(false);

    // The same image again is the same asset.
    const again = expectJson(await upload('LOGO', jpeg, 'image/jpeg'), 201) as { url: string };
    expect(again.url).toBe(uploaded.url);

    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    );
    const refused = await upload('LOGO', svg, 'image/svg+xml');
    expect((expectJson(refused, 400) as { message: string }).message).toBe(
      BRAND_ASSET_MESSAGES.svg,
    );
    // An SVG sent as a PNG is refused all the same, as is a file that is no image.
    const disguised = await upload('LOGO', svg, 'image/png');
    expect((expectJson(disguised, 400) as { message: string }).message).toBe(
      BRAND_ASSET_MESSAGES.svg,
    );
    const junk = await upload('FAVICON', Buffer.from('not an image at all'), 'image/png');
    expect((expectJson(junk, 400) as { message: string }).message).toBe(
      BRAND_ASSET_MESSAGES.unreadable,
    );
    const anonymous = await ctx.app.inject({
      method: 'POST',
      url: `${OPS}/brands/acme/assets?kind=LOGO`,
      headers: { 'content-type': 'image/jpeg' },
      payload: jpeg,
    });
    expect(anonymous.statusCode).toBe(401);
    const tooLarge = await upload('LOGO', Buffer.alloc(600 * 1024, 1), 'image/png');
    expect(tooLarge.statusCode).toBe(413);
  });
});
