import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import {
  buildPath,
  getFinalSteps,
  postIdentityDocuments,
  type TApplication,
} from '@pledge/contract';
import { KRANG_STATE_POLL_MS, type TApplicationState, type TFinalStepStatus } from '@pledge/domain';
import { jsonResponse, mockFetch } from '../../../test/mock-fetch.js';
import { currentUrl, renderApp } from '../../../test/render-app.js';
import {
  makeApplication,
  makeFinalSteps,
  signedInWithApplication,
  TEST_APP_PATH,
  TEST_APP_UUID,
} from '../../application/application-test-data.js';
import { LOADED } from '../../../test/loaded.js';

const params = { appUuid: TEST_APP_UUID };
const UPLOAD_PROMPT = 'Upload your ID: we release your funds only after we verify it.';
const IN_REVIEW = 'We’re reviewing your ID. We release your funds once it’s verified.';

/** The tracker's application and Verify Identity row, each answered as it is now. */
function serve(application: () => TApplication, identity: () => TFinalStepStatus) {
  return mockFetch({
    ...signedInWithApplication(application),
    [`GET ${buildPath(getFinalSteps.path, params)}`]: () =>
      jsonResponse(
        makeFinalSteps({
          'Verify Identity': identity(),
          'Review Agreements': 'COMPLETED',
          'Disbursement Account': 'COMPLETED',
          'Post Collateral': 'COMPLETED',
        }),
      ),
    [`POST ${buildPath(postIdentityDocuments.path, params)}`]: () =>
      jsonResponse(
        {
          uuid: '0d9c8b7a-6f5e-4d3c-8b2a-1f0e9d8c7b6a',
          documentType: 'DRIVERS_LICENSE_FRONT',
          documentOwnerIdentityUuid: application().identityUuid,
          fileName: 'licence.png',
          contentType: 'image/png',
          sizeBytes: 4,
          uploadedAt: '2025-01-03T00:00:00.000Z',
          reviewStatus: 'PENDING',
          reviewReason: null,
        },
        201,
      ),
  });
}

async function showTracker() {
  const view = renderApp(`${TEST_APP_PATH}/complete`);
  await screen.findByRole('list', { name: 'Loan progress' }, LOADED);
  return view;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the tracker while the funds wait for the ID', () => {
  it.each<TApplicationState>([
    'CRYPTO_FUNDING_VERIFY',
    'BORROWER_MICRO_DEPOSIT_CONFIRM',
    'MANUAL_FUNDING_RELEASE',
  ])('%s without an ID asks for one, with a link to upload it', async (state) => {
    serve(
      () => makeApplication({ state }),
      () => 'NOT_STARTED',
    );
    await showTracker();
    expect(await screen.findByText(UPLOAD_PROMPT, {}, LOADED)).toBeVisible();
    expect(screen.getByText('We need your ID')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Upload your ID' })).toHaveAttribute(
      'href',
      `${TEST_APP_PATH}/identity`,
    );
  });

  it('promises no release while the ID is missing', async () => {
    serve(
      () => makeApplication({ state: 'MANUAL_FUNDING_RELEASE' }),
      () => 'NOT_STARTED',
    );
    await showTracker();
    await screen.findByText(UPLOAD_PROMPT, {}, LOADED);
    expect(screen.queryByText(/we’re releasing your funds/)).toBeNull();
    expect(screen.getByText(/We release your funds by ACH once your ID is verified/)).toBeVisible();
  });

  it('walks to the upload and back, says the ID is in review, and leaves once it is approved', async () => {
    let identity: TFinalStepStatus = 'NOT_STARTED';
    serve(
      () => makeApplication({ state: 'MANUAL_FUNDING_RELEASE' }),
      () => identity,
    );
    const { user, router } = await showTracker();
    await user.click(await screen.findByRole('link', { name: 'Upload your ID' }, LOADED));
    await waitFor(() => expect(currentUrl(router)).toBe(`${TEST_APP_PATH}/identity`), LOADED);

    await user.click(await screen.findByRole('radio', { name: 'Driver’s license' }, LOADED));
    await user.upload(
      screen.getByLabelText('Front of your ID', { selector: 'input' }),
      new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'licence.png', { type: 'image/png' }),
    );
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    identity = 'IN_PROGRESS';
    await user.click(await screen.findByRole('link', { name: 'Continue' }, LOADED));
    await waitFor(() => expect(currentUrl(router)).toBe(`${TEST_APP_PATH}/complete`), LOADED);
    expect(await screen.findByText(IN_REVIEW, {}, LOADED)).toBeVisible();
    expect(screen.getByText('ID in Review')).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Upload your ID' })).toBeNull();

    // The sandbox (or an agent) approves it: the next poll clears the prompt.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    identity = 'COMPLETED';
    await act(() => vi.advanceTimersByTimeAsync(KRANG_STATE_POLL_MS));
    await waitFor(() => expect(screen.queryByText(IN_REVIEW)).toBeNull(), LOADED);
    expect(screen.getByText(/we’re releasing your funds by ACH/)).toBeVisible();
  });

  it.each<[string, TApplication, TFinalStepStatus]>([
    ['an approved ID', makeApplication({ state: 'MANUAL_FUNDING_RELEASE' }), 'COMPLETED'],
    [
      'a renewal, which needs no ID',
      makeApplication({ state: 'MANUAL_FUNDING_RELEASE', isRollForward: true }),
      'NOT_REQUIRED',
    ],
    ['a funded loan', makeApplication({ state: 'COMPLETE' }), 'NOT_STARTED'],
    [
      'collateral still awaited',
      makeApplication({ state: 'WAITING_FOR_COLLATERAL' }),
      'NOT_STARTED',
    ],
  ])('says nothing about the ID for %s', async (_, application, identity) => {
    const fetch = serve(
      () => application,
      () => identity,
    );
    await showTracker();
    const checklistCalls = () =>
      fetch.mock.calls.filter(([url]) => String(url).endsWith('/final-steps')).length;
    const isAsked = application.state === 'MANUAL_FUNDING_RELEASE';
    if (isAsked) await waitFor(() => expect(checklistCalls()).toBeGreaterThan(0), LOADED);
    // Let the checklist's answer, if any, show.
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(screen.queryByText('We need your ID')).toBeNull();
    expect(screen.queryByText('ID in Review')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Upload your ID' })).toBeNull();
    if (!isAsked) expect(checklistCalls()).toBe(0);
  });
});
