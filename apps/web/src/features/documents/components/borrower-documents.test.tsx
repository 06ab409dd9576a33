import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { buildPath, getBorrowerDocument, getBorrowerDocuments } from '@pledge/contract';
import { jsonResponse, mockFetch } from '../../../test/mock-fetch.js';
import { currentUrl, renderApp } from '../../../test/render-app.js';
import {
  makeApplication,
  signedInWithApplication,
  TEST_APP_PATH,
  TEST_BORROWER,
} from '../../application/application-test-data.js';
import { documentFileName } from '../api/download-document.js';
import { makeDocument, makePrivacyNotice } from '../document-test-data.js';
import { LOADED } from '../../../test/loaded.js';

const AGREEMENT = makeDocument();
const PRIVACY = makePrivacyNotice();
const PDF = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d]);

function serve(documents: () => Response) {
  return mockFetch({
    ...signedInWithApplication(makeApplication({ state: 'SIGN_DOCS' })),
    [`GET ${buildPath(getBorrowerDocuments.path, TEST_BORROWER)}`]: documents,
    [`GET ${buildPath(getBorrowerDocument.path, { ...TEST_BORROWER, docUuid: AGREEMENT.uuid })}`]:
      () => new Response(PDF, { headers: { 'Content-Type': 'application/pdf' } }),
  });
}

/** Records the download links clicked (jsdom cannot download) and the blobs behind them. */
function recordDownloads() {
  const clicked: HTMLAnchorElement[] = [];
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:doc');
  vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    clicked.push(this);
  });
  return clicked;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('/{appUuid}/documents', () => {
  it('lists every document with its own download', async () => {
    const fetch = serve(() => jsonResponse([AGREEMENT, PRIVACY]));
    renderApp(`${TEST_APP_PATH}/documents`);
    const list = await screen.findByRole('list', { name: 'Your documents' }, LOADED);
    expect(screen.getByRole('heading', { level: 1, name: 'Documents' })).toBeVisible();
    expect(
      within(list)
        .getAllByRole('heading', { level: 2 })
        .map((h) => h.textContent),
    ).toEqual(['Loan Agreement', 'Privacy Notice']);
    expect(within(list).getByText('The terms of your loan.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Download Loan Agreement' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Download Privacy Notice' })).toBeVisible();
    expect(
      fetch.mock.calls.some(([url]) =>
        String(url).endsWith(buildPath(getBorrowerDocuments.path, TEST_BORROWER)),
      ),
    ).toBe(true);
  });

  it('downloads the PDF as a file named after the document', async () => {
    const clicked = recordDownloads();
    serve(() => jsonResponse([AGREEMENT]));
    const { user } = renderApp(`${TEST_APP_PATH}/documents`);
    await user.click(
      await screen.findByRole('button', { name: 'Download Loan Agreement' }, LOADED),
    );
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(clicked[0]?.download).toBe('Loan Agreement.pdf');
    expect(clicked[0]?.getAttribute('href')).toBe('blob:doc');
    const blob = vi.mocked(URL.createObjectURL).mock.calls[0]?.[0] as Blob;
    expect(blob.type).toBe('application/pdf');
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(PDF);
  });

  it('says so when a download fails', async () => {
    const clicked = recordDownloads();
    serve(() => jsonResponse([PRIVACY]));
    const { user } = renderApp(`${TEST_APP_PATH}/documents`);
    await user.click(
      await screen.findByRole('button', { name: 'Download Privacy Notice' }, LOADED),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'We couldn’t download Privacy Notice. Try again.',
    );
    expect(clicked).toHaveLength(0);
  });

  it("says 'Currently no documents.' when there are none", async () => {
    serve(() => jsonResponse([]));
    renderApp(`${TEST_APP_PATH}/documents`);
    expect(await screen.findByText('Currently no documents.', {}, LOADED)).toBeVisible();
    expect(screen.queryByRole('list', { name: 'Your documents' })).not.toBeInTheDocument();
  });

  it('says the documents could not be loaded, and loads them again on Try again', async () => {
    let fail = true;
    serve(() =>
      fail ? jsonResponse({ code: 'DOWN', message: 'Down' }, 503) : jsonResponse([AGREEMENT]),
    );
    const { user } = renderApp(`${TEST_APP_PATH}/documents`);
    expect(await screen.findByRole('alert', {}, LOADED)).toHaveTextContent(
      'Unable to load documents. Please try again later',
    );
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('list', { name: 'Your documents' })).toBeVisible();
  });

  it('goes back to the dashboard by default', async () => {
    serve(() => jsonResponse([]));
    const { user, router } = renderApp(`${TEST_APP_PATH}/documents`);
    await user.click(await screen.findByRole('link', { name: 'Back to dashboard' }, LOADED));
    await waitFor(() => expect(currentUrl(router)).toBe('/dashboard'), LOADED);
  });

  it('goes back to the loan details with ?back=true', async () => {
    serve(() => jsonResponse([]));
    const { user, router } = renderApp(`${TEST_APP_PATH}/documents?back=true`);
    await user.click(await screen.findByRole('link', { name: 'Back to loan details' }, LOADED));
    await waitFor(() => expect(currentUrl(router)).toBe(`${TEST_APP_PATH}/details`), LOADED);
  });
});

describe('documentFileName', () => {
  it.each([
    ['Loan Agreement', 'Loan Agreement.pdf'],
    ['Terms/Conditions: v2', 'Terms Conditions v2.pdf'],
    ['statement.PDF', 'statement.PDF'],
    ['  ', 'document.pdf'],
  ])('%s → %s', (name, expected) => {
    expect(documentFileName(name)).toBe(expected);
  });
});
