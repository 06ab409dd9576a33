import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { buildPath, getFinalSteps, type TApplication, type TFinalSteps } from '@pledge/contract';
import { KRANG_STATE_POLL_MS, type TApplicationState } from '@pledge/domain';
import { jsonResponse, mockFetch } from '../../../test/mock-fetch.js';
import { currentUrl, renderApp } from '../../../test/render-app.js';
import {
  makeApplication,
  makeFinalSteps,
  makeOffer,
  signedInWithApplication,
  TEST_APP_PATH,
  TEST_APP_UUID,
} from '../../application/application-test-data.js';
import { findPageHeading, LOADED } from '../../../test/loaded.js';

const params = { appUuid: TEST_APP_UUID };

function serve(application: TApplication | (() => TApplication), finalSteps: TFinalSteps) {
  return mockFetch({
    ...signedInWithApplication(application),
    [`GET ${buildPath(getFinalSteps.path, params)}`]: () => jsonResponse(finalSteps),
  });
}

async function showChecklist(application: TApplication, finalSteps: TFinalSteps) {
  serve(application, finalSteps);
  const view = renderApp(`${TEST_APP_PATH}/next-steps`);
  await screen.findByRole('list', { name: 'Final steps' }, LOADED);
  return view;
}

function row(name: string): HTMLElement {
  const heading = screen.getByRole('heading', { level: 2, name });
  const item = heading.closest('li');
  if (item === null) throw new Error(`No row for ${name}`);
  return item;
}

function rowNames(): string[] {
  return within(screen.getByRole('list', { name: 'Final steps' }))
    .getAllByRole('heading', { level: 2 })
    .map((heading) => heading.textContent ?? '');
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the final steps while the documents are to be signed (SIGN_DOCS)', () => {
  it('opens identity, agreements and disbursement, and keeps collateral for later', async () => {
    await showChecklist(
      makeApplication({ state: 'SIGN_DOCS' }),
      makeFinalSteps({ 'Review Agreements': 'IN_PROGRESS' }, 'IN_PROGRESS'),
    );
    expect(rowNames()).toEqual([
      'Verify Identity',
      'Review Agreements',
      'Disbursement Account',
      'Post Collateral',
    ]);
    expect(
      within(row('Verify Identity')).getByRole('link', { name: 'Start Verify Identity' }),
    ).toHaveAttribute('href', `${TEST_APP_PATH}/identity`);
    expect(
      within(row('Review Agreements')).getByRole('link', { name: 'Continue Review Agreements' }),
    ).toHaveAttribute('href', `${TEST_APP_PATH}/disclosures`);
    expect(
      within(row('Disbursement Account')).getByRole('link', {
        name: 'Start Disbursement Account',
      }),
    ).toHaveAttribute('href', `${TEST_APP_PATH}/disbursement`);
    const collateral = within(row('Post Collateral')).getByRole('button', {
      name: 'Start Post Collateral',
    });
    expect(collateral).toBeDisabled();
    expect(collateral).toHaveAccessibleDescription(
      'Send your collateral to your deposit address. Available once your agreements are signed.',
    );
    expect(screen.queryByText('ID in Review')).not.toBeInTheDocument();
  });

  it('keeps Continue disabled until the server reports every step complete', async () => {
    await showChecklist(makeApplication({ state: 'SIGN_DOCS' }), makeFinalSteps());
    expect(screen.getByRole('button', { name: 'Continue' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Continue' })).toHaveAccessibleDescription(
      'Continue is available once every step is complete.',
    );
  });

  it('shows Review Agreements as Start while signing has not begun', async () => {
    await showChecklist(makeApplication({ state: 'SIGN_DOCS' }), makeFinalSteps());
    expect(
      within(row('Review Agreements')).getByRole('link', { name: 'Start Review Agreements' }),
    ).toBeVisible();
  });
});

describe('the final steps while collateral is awaited (WAITING_FOR_COLLATERAL)', () => {
  it('marks the signed agreements Complete and opens Post Collateral', async () => {
    await showChecklist(
      makeApplication({ state: 'WAITING_FOR_COLLATERAL' }),
      makeFinalSteps({ 'Review Agreements': 'COMPLETED' }, 'IN_PROGRESS'),
    );
    expect(within(row('Review Agreements')).getByText('Complete')).toBeVisible();
    expect(within(row('Review Agreements')).queryByRole('button')).not.toBeInTheDocument();
    expect(within(row('Review Agreements')).queryByRole('link')).not.toBeInTheDocument();
    expect(
      within(row('Post Collateral')).getByRole('link', { name: 'Start Post Collateral' }),
    ).toHaveAttribute('href', `${TEST_APP_PATH}/collateral`);
  });

  it('says the ID is in review and shows the row as Processing', async () => {
    await showChecklist(
      makeApplication({ state: 'WAITING_FOR_COLLATERAL' }),
      makeFinalSteps({ 'Verify Identity': 'PENDING', 'Review Agreements': 'COMPLETED' }),
    );
    expect(screen.getByText('ID in Review')).toBeVisible();
    expect(
      within(row('Verify Identity')).getByRole('button', { name: 'Processing Verify Identity' }),
    ).toBeDisabled();
  });

  it('shows a disbursement in progress as Processing, and the ID uploaded as in review', async () => {
    await showChecklist(
      makeApplication({ state: 'WAITING_FOR_COLLATERAL' }),
      makeFinalSteps({
        'Verify Identity': 'IN_PROGRESS',
        'Disbursement Account': 'IN_PROGRESS',
        'Review Agreements': 'COMPLETED',
      }),
    );
    expect(screen.getByText('ID in Review')).toBeVisible();
    expect(
      within(row('Disbursement Account')).getByRole('button', {
        name: 'Processing Disbursement Account',
      }),
    ).toBeDisabled();
  });

  it('leads to the status page once every step is complete', async () => {
    const { user, router } = await showChecklist(
      makeApplication({ state: 'WAITING_FOR_COLLATERAL' }),
      makeFinalSteps(
        {
          'Verify Identity': 'COMPLETED',
          'Review Agreements': 'COMPLETED',
          'Disbursement Account': 'COMPLETED',
          'Post Collateral': 'COMPLETED',
        },
        'COMPLETED',
      ),
    );
    await user.click(screen.getByRole('link', { name: 'Continue' }));
    await waitFor(() => expect(currentUrl(router)).toBe(`${TEST_APP_PATH}/complete`), LOADED);
  });
});

describe('hidden rows', () => {
  it('hides the rows the server marks NOT_REQUIRED', async () => {
    await showChecklist(
      makeApplication({ state: 'SIGN_DOCS' }),
      makeFinalSteps({ 'Verify Identity': 'NOT_REQUIRED', 'Disbursement Account': 'NOT_REQUIRED' }),
    );
    expect(rowNames()).toEqual(['Review Agreements', 'Post Collateral']);
  });

  it('hides the disbursement row of a renewal, which pays nothing out', async () => {
    await showChecklist(
      makeApplication({ state: 'SIGN_DOCS', isRollForward: true }),
      makeFinalSteps(),
    );
    expect(rowNames()).toEqual(['Verify Identity', 'Review Agreements', 'Post Collateral']);
  });

  it('sends an international borrower to the USDC wallet page for the disbursement', async () => {
    await showChecklist(
      makeApplication({
        state: 'SIGN_DOCS',
        isInternational: true,
        selectedOffer: makeOffer({ state: null, countryCode: 'GB' }),
      }),
      makeFinalSteps(),
    );
    expect(
      within(row('Disbursement Account')).getByRole('link', {
        name: 'Start Disbursement Account',
      }),
    ).toHaveAttribute('href', `${TEST_APP_PATH}/usdc-disbursement`);
    expect(within(row('Verify Identity')).getByText(/passport/)).toBeVisible();
  });
});

describe('redirects', () => {
  it.each<[TApplicationState, string]>([
    ['DECLINED', `${TEST_APP_PATH}/decline`],
    ['SOFT_CREDIT_NO_MATCH', `${TEST_APP_PATH}/credit-no-match`],
    ['SOFT_CREDIT_LOCKED', `${TEST_APP_PATH}/credit-locked`],
    ['SOFT_CREDIT_FROZEN', `${TEST_APP_PATH}/credit-frozen`],
    ['CANCELLED', '/dashboard'],
    ['CRYPTO_FUNDING_VERIFY', `${TEST_APP_PATH}/complete`],
    ['BORROWER_MICRO_DEPOSIT_CONFIRM', `${TEST_APP_PATH}/complete`],
    ['MANUAL_FUNDING_RELEASE', `${TEST_APP_PATH}/complete`],
    ['COMPLETE', `${TEST_APP_PATH}/complete`],
    ['OFFER_ACCEPTED', `${TEST_APP_PATH}/details`],
  ])('%s goes to %s', async (state, target) => {
    const fetch = serve(makeApplication({ state }), makeFinalSteps());
    const { router } = renderApp(`${TEST_APP_PATH}/next-steps`);
    await waitFor(() => expect(currentUrl(router)).toBe(target), LOADED);
    expect(fetch.mock.calls.map(([url]) => String(url))).not.toContain(
      buildPath(getFinalSteps.path, params),
    );
  });
});

describe('loading and errors', () => {
  it('offers a retry when the checklist cannot be loaded', async () => {
    let calls = 0;
    mockFetch({
      ...signedInWithApplication(makeApplication({ state: 'SIGN_DOCS' })),
      [`GET ${buildPath(getFinalSteps.path, params)}`]: () => {
        calls += 1;
        return calls === 1
          ? jsonResponse({ code: 'UNAVAILABLE', message: 'Try again in a minute' }, 503)
          : jsonResponse(makeFinalSteps());
      },
    });
    const { user } = renderApp(`${TEST_APP_PATH}/next-steps`);
    expect(await findPageHeading('We couldn’t load your final steps')).toBeVisible();
    expect(screen.getByText('Try again in a minute')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('list', { name: 'Final steps' })).toBeVisible();
  });

  it('waits while the server is still deciding, polling the application', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let state: TApplicationState = 'GEN_APP_DISCLOSURES';
    serve(() => makeApplication({ state }), makeFinalSteps());
    renderApp(`${TEST_APP_PATH}/next-steps`);
    expect(
      await screen.findByText('We’re still processing your application…', {}, LOADED),
    ).toBeVisible();
    state = 'SIGN_DOCS';
    await act(() => vi.advanceTimersByTimeAsync(KRANG_STATE_POLL_MS));
    expect(await screen.findByRole('list', { name: 'Final steps' }, LOADED)).toBeVisible();
  });
});
