import { afterEach, describe, expect, it, vi } from 'vitest';
import { LIVE_REGION_CLEAR_MS } from '@pledge/domain';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import {
  buildPath,
  getBorrowerDocuments,
  getFinalSteps,
  postSignDocument,
  type TApplication,
  type TDocument,
  type TFinalSteps,
} from '@pledge/contract';
import { AppProvider } from '../../../app/provider.js';
import { createQueryClient } from '../../../app/query-client.js';
import { AppRoutes } from '../../../app/router.js';
import { makeBrand } from '../../../test/fixtures.js';
import { jsonResponse, mockFetch } from '../../../test/mock-fetch.js';
import { currentUrl, renderApp } from '../../../test/render-app.js';
import {
  makeApplication,
  makeFinalSteps,
  signedInWithApplication,
  TEST_APP_PATH,
  TEST_APP_UUID,
  TEST_BORROWER,
} from '../../application/application-test-data.js';
import {
  makeDocument,
  makePrivacyNotice,
  makeSignResult,
} from '../../documents/document-test-data.js';
import { finalStepsQueryKey } from '../../final-steps/api/get-final-steps.js';
import { LOADED } from '../../../test/loaded.js';

const PRIVACY = makePrivacyNotice('2025-01-02T00:00:00.000Z');
const AGREEMENT = makeDocument();
const TRUTH_IN_LENDING = makeDocument({
  uuid: '99999999-8888-4777-8666-555555555555',
  type: 'TILA',
  name: 'Truth in Lending Disclosure',
  description: 'The cost of your credit.',
});

const signPath = (document: TDocument) =>
  `POST ${buildPath(postSignDocument.path, { ...TEST_BORROWER, docUuid: document.uuid })}`;

interface TServeOptions {
  application?: TApplication;
  documents?: TDocument[];
  /** The answer of each sign call, by document; the default signs it. */
  sign?: (document: TDocument) => Response | Promise<Response>;
  finalSteps?: () => Response | Promise<Response>;
}

/** A server that keeps the documents' signatures and moves the application on after the last. */
function serve({
  application = makeApplication({ state: 'SIGN_DOCS' }),
  documents = [PRIVACY, AGREEMENT, TRUTH_IN_LENDING],
  sign,
  finalSteps = () => jsonResponse(makeFinalSteps({ 'Review Agreements': 'IN_PROGRESS' })),
}: TServeOptions = {}) {
  let current = application;
  let held = documents;
  const signOne = (document: TDocument) => {
    held = held.map((item) => (item.uuid === document.uuid ? { ...item, signed: true } : item));
    const remaining = held.filter((item) => !item.signed).length;
    const result = makeSignResult(document, remaining);
    current = { ...current, state: result.state };
    return jsonResponse(result);
  };
  return mockFetch({
    ...signedInWithApplication(() => current),
    [`GET ${buildPath(getBorrowerDocuments.path, TEST_BORROWER)}`]: () => jsonResponse(held),
    [`GET ${buildPath(getFinalSteps.path, { appUuid: TEST_APP_UUID })}`]: finalSteps,
    ...Object.fromEntries(
      documents.map((document) => [
        signPath(document),
        () => (sign === undefined ? signOne(document) : sign(document)),
      ]),
    ),
  });
}

function callsTo(fetch: ReturnType<typeof mockFetch>, key: string): number {
  const [method, path] = key.split(' ');
  return fetch.mock.calls.filter(
    ([url, init]) => (init?.method ?? 'GET') === method && String(url).endsWith(path ?? ''),
  ).length;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('/{appUuid}/disclosures while the documents are to be signed', () => {
  it('shows the first unsigned document, with its progress, download and sign text', async () => {
    serve();
    renderApp(`${TEST_APP_PATH}/disclosures`);
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Loan Agreement' }, LOADED),
    ).toBeVisible();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Review and sign documents' }),
    ).toBeVisible();
    expect(screen.getByText('Document 2 of 3')).toBeVisible();
    expect(screen.getByText('The terms of your loan.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Download Loan Agreement' })).toBeVisible();
    expect(
      screen.getByText(
        'By selecting Agree, you electronically sign the Loan Agreement. Please review and sign every document: a $100 fee applies if your loan documents are not signed.',
      ),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Agree' })).toBeEnabled();
  });

  it('signs the shown document on Agree, then shows the next one', async () => {
    const fetch = serve();
    const { user } = renderApp(`${TEST_APP_PATH}/disclosures`);
    await screen.findByRole('heading', { level: 2, name: 'Loan Agreement' }, LOADED);
    await user.click(screen.getByRole('button', { name: 'Agree' }));
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Truth in Lending Disclosure' }),
    ).toBeVisible();
    expect(screen.getByText('Document 3 of 3')).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent('Loan Agreement signed.');
    expect(callsTo(fetch, signPath(AGREEMENT))).toBe(1);
    expect(callsTo(fetch, signPath(TRUTH_IN_LENDING))).toBe(0);
  });

  it('clears the "… signed." announcement after LIVE_REGION_CLEAR_MS', async () => {
    serve();
    const { user } = renderApp(`${TEST_APP_PATH}/disclosures`);
    await screen.findByRole('heading', { level: 2, name: 'Loan Agreement' }, LOADED);
    await user.click(screen.getByRole('button', { name: 'Agree' }));
    await screen.findByRole('heading', { level: 2, name: 'Truth in Lending Disclosure' });
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('Loan Agreement signed.');
    await waitFor(() => expect(status).toHaveTextContent(''), {
      timeout: LIVE_REGION_CLEAR_MS * 4,
    });
  });

  it('signs once however fast Agree is pressed', async () => {
    let answer: (response: Response) => void = () => {};
    const fetch = serve({
      sign: (document) =>
        new Promise<Response>((resolve) => {
          answer = resolve;
          void document;
        }),
    });
    const { user } = renderApp(`${TEST_APP_PATH}/disclosures`);
    await screen.findByRole('heading', { level: 2, name: 'Loan Agreement' }, LOADED);
    const agree = screen.getByRole('button', { name: 'Agree' });
    await user.click(agree);
    await user.click(agree);
    await user.click(agree);
    expect(agree).toHaveAttribute('aria-busy', 'true');
    answer(jsonResponse(makeSignResult(AGREEMENT, 1)));
    await screen.findByRole('heading', { level: 2, name: 'Truth in Lending Disclosure' });
    expect(callsTo(fetch, signPath(AGREEMENT))).toBe(1);
  });

  it('says the signature was not saved, and signs on Agree again', async () => {
    let fail = true;
    const fetch = serve({
      sign: (document) =>
        fail
          ? jsonResponse({ code: 'UNAVAILABLE', message: 'The service is unavailable' }, 503)
          : jsonResponse(makeSignResult(document, 1)),
    });
    const { user } = renderApp(`${TEST_APP_PATH}/disclosures`);
    await screen.findByRole('heading', { level: 2, name: 'Loan Agreement' }, LOADED);
    await user.click(screen.getByRole('button', { name: 'Agree' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your signature was not saved');
    expect(alert).toHaveTextContent('The service is unavailable');
    expect(alert).toHaveTextContent('Select Agree to try again.');
    expect(screen.getByRole('heading', { level: 2, name: 'Loan Agreement' })).toBeVisible();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Agree' }));
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Truth in Lending Disclosure' }),
    ).toBeVisible();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(callsTo(fetch, signPath(AGREEMENT))).toBe(2);
  });

  it('says the documents could not be loaded, and loads them again on Try again', async () => {
    let fail = true;
    const documentsPath = `GET ${buildPath(getBorrowerDocuments.path, TEST_BORROWER)}`;
    const fetch = mockFetch({
      ...signedInWithApplication(makeApplication({ state: 'SIGN_DOCS' })),
      [documentsPath]: () =>
        fail
          ? jsonResponse({ code: 'DOWN', message: 'Down for maintenance' }, 503)
          : jsonResponse([AGREEMENT]),
    });
    const { user } = renderApp(`${TEST_APP_PATH}/disclosures`);
    const alert = await screen.findByRole('alert', {}, LOADED);
    expect(alert).toHaveTextContent('We couldn’t load your documents');
    expect(alert).toHaveTextContent('Down for maintenance');
    expect(
      screen.getByRole('heading', { level: 1, name: 'Review and sign documents' }),
    ).toBeVisible();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Loan Agreement' })).toBeVisible();
    expect(screen.getByText('Document 1 of 1')).toBeVisible();
    expect(callsTo(fetch, documentsPath)).toBe(2);
  });
});

describe('after the last signature', () => {
  const renewal = (coinQuantity: string) =>
    makeApplication({
      state: 'SIGN_DOCS',
      isRollForward: true,
      rollForwardLoanDetails: {
        collateral: { coinQuantity: '1', type: 'BTC' },
        topUpAmount: { coinQuantity: '0.5', type: 'BTC' },
        remainingTopUpAmount: { coinQuantity, type: 'BTC' },
      },
    });

  it.each([
    ['a new loan', `${TEST_APP_PATH}/next-steps`, makeApplication({ state: 'SIGN_DOCS' })],
    ['a renewal with collateral due', `${TEST_APP_PATH}/collateral`, renewal('0.5')],
    ['a renewal with no collateral due', `${TEST_APP_PATH}/complete`, renewal('0')],
  ])('%s goes to %s', async (_label, target, application) => {
    serve({ application, documents: [PRIVACY, TRUTH_IN_LENDING] });
    const { user, router } = renderApp(`${TEST_APP_PATH}/disclosures`);
    await screen.findByRole('heading', { level: 2, name: 'Truth in Lending Disclosure' }, LOADED);
    expect(screen.getByText('Document 2 of 2')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Agree' }));
    await waitFor(() => expect(currentUrl(router)).toBe(target), LOADED);
  });

  it('marks Review Agreements PENDING in the final steps before the server says so', async () => {
    const queryClient: QueryClient = createQueryClient();
    queryClient.setQueryData<TFinalSteps>(
      finalStepsQueryKey(TEST_APP_UUID),
      makeFinalSteps({ 'Review Agreements': 'IN_PROGRESS' }, 'IN_PROGRESS'),
    );
    // The checklist's own fetch never answers: what it shows is the cached, updated list.
    serve({ documents: [TRUTH_IN_LENDING], finalSteps: () => new Promise<Response>(() => {}) });
    const user = userEvent.setup();
    render(
      <AppProvider brand={makeBrand()} queryClient={queryClient}>
        <MemoryRouter initialEntries={[`${TEST_APP_PATH}/disclosures`]}>
          <AppRoutes />
        </MemoryRouter>
      </AppProvider>,
    );
    await screen.findByText('Document 1 of 1', {}, LOADED);
    await user.click(screen.getByRole('button', { name: 'Agree' }));
    await screen.findByRole('list', { name: 'Final steps' }, LOADED);
    expect(
      queryClient
        .getQueryData<TFinalSteps>(finalStepsQueryKey(TEST_APP_UUID))
        ?.items.find((item) => item.name === 'Review Agreements')?.status,
    ).toBe('PENDING');
    expect(queryClient.getQueryData<TApplication>(['application', TEST_APP_UUID])?.state).toBe(
      'WAITING_FOR_COLLATERAL',
    );
  });
});

describe('/{appUuid}/disclosures when nothing is to be signed', () => {
  it.each(['WAITING_FOR_COLLATERAL', 'GEN_APP_DISCLOSURES'] as const)(
    '%s sends the borrower to the final steps without loading documents',
    async (state) => {
      const fetch = serve({ application: makeApplication({ state }) });
      const { router } = renderApp(`${TEST_APP_PATH}/disclosures`);
      await waitFor(() => expect(currentUrl(router)).toBe(`${TEST_APP_PATH}/next-steps`), LOADED);
      expect(callsTo(fetch, `GET ${buildPath(getBorrowerDocuments.path, TEST_BORROWER)}`)).toBe(0);
    },
  );

  it('sends the borrower to the final steps when every document is signed', async () => {
    serve({ documents: [PRIVACY] });
    const { router } = renderApp(`${TEST_APP_PATH}/disclosures`);
    await waitFor(() => expect(currentUrl(router)).toBe(`${TEST_APP_PATH}/next-steps`), LOADED);
  });
});
