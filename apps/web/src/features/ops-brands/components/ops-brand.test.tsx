import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  buildPath,
  getOpsBrand,
  postOpsBrandAsset,
  postOpsBrandPreview,
  postOpsPublishBrandVersion,
  putOpsBrandDraft,
  type TBrandDraft,
  type TGetOpsBrandResponse,
} from '@pledge/contract';
import { FALLBACK_BRAND } from '../../../brand/fallback-brand.js';
import { jsonResponse, sentBody } from '../../../test/mock-fetch.js';
import { findPageHeading, LOADED } from '../../../test/loaded.js';
import { renderApp } from '../../../test/render-app.js';
import { answerProposal } from '../../ops/ops-test-data.js';
import { mockAgentFetch, signInAgentBeforeEach } from '../../ops/ops-test-session.js';

signInAgentBeforeEach();

const { sandbox: _sandbox, ...FALLBACK_FIELDS } = FALLBACK_BRAND;

/** The version served: the product's own brand, renamed for a lender in California. */
const SERVED: TBrandDraft = {
  ...FALLBACK_FIELDS,
  orgCode: 'acme',
  companyName: 'Acme Crypto Credit',
  legalName: 'Acme Crypto Credit, LLC',
  colors: { ...FALLBACK_BRAND.colors, background: '#fbf7fa' },
  internationalEnabled: false,
  servedStates: ['CA'],
  stateLicences: [{ state: 'CA', number: 'CFL-1' }],
  footerTexts: ['Acme lends in California.'],
  hosts: ['loans.acmecredit.test'],
};

const LOGO_URL = '/brand-assets/0b6a4f0e-4f55-4c43-9a3c-2b1f5f3c9a10';

const BRAND: TGetOpsBrandResponse = {
  orgCode: 'acme',
  publishedVersion: 1,
  published: SERVED,
  draft: null,
  versions: [
    {
      version: 1,
      status: 'PUBLISHED',
      basedOn: null,
      createdByEmail: 'agent@example.com',
      updatedAt: '2026-11-01T10:00:00.000Z',
      proposedByEmail: 'agent@example.com',
      approvedByEmail: 'agent2@example.com',
      publishedAt: '2026-11-01T11:00:00.000Z',
    },
  ],
};

describe('/ops/brands/:orgCode', () => {
  it('refuses faint text with its ratio, shows the changes, saves the draft and proposes it', async () => {
    const saved: unknown[] = [];
    const uploads: { kind: string | null; headers: Headers }[] = [];
    const proposed: unknown[] = [];
    const url = buildPath(getOpsBrand.path, { orgCode: 'acme' });
    mockAgentFetch({
      [`GET ${url}`]: () => jsonResponse(BRAND),
      [`PUT ${buildPath(putOpsBrandDraft.path, { orgCode: 'acme' })}`]: (_url, init) => {
        const body = sentBody<TBrandDraft>(init);
        saved.push(body);
        return jsonResponse({
          ...BRAND,
          draft: { version: 2, basedOn: 1, fields: body },
          versions: [
            {
              ...BRAND.versions[0]!,
              version: 2,
              status: 'DRAFT',
              approvedByEmail: null,
              proposedByEmail: null,
              publishedAt: null,
            },
            ...BRAND.versions,
          ],
        });
      },
      [`POST ${buildPath(postOpsBrandAsset.path, { orgCode: 'acme' })}`]: (requestUrl, init) => {
        uploads.push({
          kind: requestUrl.searchParams.get('kind'),
          headers: new Headers(init.headers),
        });
        return jsonResponse({ url: LOGO_URL, width: 600, height: 120 }, 201);
      },
      [`POST ${buildPath(postOpsBrandPreview.path, { orgCode: 'acme' })}`]: () =>
        jsonResponse({ version: 2, token: 'v2.k.n.t.c', expiresAt: '2026-11-01T12:00:00.000Z' }),
      [`POST ${buildPath(postOpsPublishBrandVersion.path, { orgCode: 'acme', version: 2 })}`]:
        answerProposal(proposed, {
          action: 'PUBLISH_BRAND',
          label: 'Brand publication',
          amountCents: null,
          summary: 'Publish version 2 of brand acme (serving version 1)',
        }),
    });
    const { user } = renderApp('/ops/brands/acme');
    await findPageHeading('Brand acme');
    const text = await screen.findByLabelText('Text (hex)', {}, LOADED);

    await user.clear(text);
    await user.type(text, '#aaaaaa');
    // #aaaaaa on #fbf7fa is 2.1888…:1 by WCAG 2.0, shown cut to two places.
    const refusal = await screen.findByRole('alert');
    expect(refusal).toHaveTextContent('2.18:1');
    await user.click(screen.getByRole('button', { name: 'Save the draft' }));
    expect(saved).toEqual([]);

    await user.clear(text);
    await user.type(text, '#111111');
    await user.upload(
      screen.getByLabelText('Upload a logo'),
      new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'logo.png', { type: 'image/png' }),
    );
    await waitFor(() => expect(screen.getByLabelText('Logo')).toHaveValue(LOGO_URL));
    expect(uploads.map((upload) => [upload.kind, upload.headers.get('content-type')])).toEqual([
      ['LOGO', 'image/png'],
    ]);
    const name = screen.getByLabelText('Company name');
    await user.clear(name);
    await user.type(name, 'Acme Credit');
    const changes = screen.getByRole('table', { name: 'Changes from the version served' });
    expect(within(changes).getByRole('row', { name: /companyName/ })).toHaveTextContent(
      'Acme Crypto Credit',
    );
    await user.click(screen.getByRole('button', { name: 'Save the draft' }));
    await screen.findByText('The draft is saved. Propose its publication below.');
    expect(saved).toEqual([
      {
        ...SERVED,
        companyName: 'Acme Credit',
        colors: { ...SERVED.colors, text: '#111111' },
        logoUrl: LOGO_URL,
      },
    ]);

    await user.selectOptions(screen.getByLabelText('Page'), 'FAQ');
    await user.click(screen.getByRole('button', { name: 'Show the preview' }));
    const narrow = await screen.findByTitle('FAQ page in version 2, 375 px wide');
    expect(narrow).toHaveAttribute(
      'src',
      '/account/crypto-backed-loan/faq?brandPreview=v2.k.n.t.c',
    );
    expect(narrow).toHaveAttribute('width', '375');
    expect(screen.getByTitle('FAQ page in version 2, 1280 px wide')).toHaveAttribute(
      'width',
      '1280',
    );

    await user.click(screen.getByRole('button', { name: 'Propose publication of version 2' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/Reason/), 'New name agreed with the lender');
    await user.click(within(dialog).getByRole('button', { name: 'Propose to publish' }));
    await within(dialog).findByText('Publish version 2 of brand acme (serving version 1)');
    expect(proposed).toEqual([{ reason: 'New name agreed with the lender' }]);
  });
});
