import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { buildPath, getKrangState, postCreditRetry } from '@pledge/contract';
import { CREDIT_UNLOCKED_DAYS, type TApplicationState } from '@pledge/domain';
import { makeBrand } from '../../../test/fixtures.js';
import { jsonResponse, mockFetch } from '../../../test/mock-fetch.js';
import { currentUrl, renderApp } from '../../../test/render-app.js';
import {
  makeApplication,
  signedInWithApplication,
  TEST_APP_PATH,
  TEST_APP_UUID,
} from '../application-test-data.js';
import { findPageHeading, LOADED } from '../../../test/loaded.js';
import { expectLinks } from '../../../test/expect-links.js';

const brand = makeBrand({ supportPhone: '(877) 555-0199', supportEmail: 'help@harbor.example' });

function serve(state: TApplicationState) {
  mockFetch({
    ...signedInWithApplication(makeApplication({ state })),
  });
}

async function showPage(page: string, state: TApplicationState, heading: string) {
  serve(state);
  const view = renderApp(`${TEST_APP_PATH}/${page}`, { brand });
  expect(await findPageHeading(heading)).toBeInTheDocument();
  return view;
}

function expectSupportContacts() {
  const contacts = screen.getByRole('list', { name: 'Harbor Credit Partners support' });
  expectLinks(contacts, {
    '(877) 555-0199': 'tel:+18775550199',
    'help@harbor.example': 'mailto:help@harbor.example',
  });
}

describe('the outcome pages', () => {
  it('credit frozen: how to lift a freeze at each bureau, for 30 days, then contact support', async () => {
    await showPage('credit-frozen', 'SOFT_CREDIT_FROZEN', 'Your credit file is frozen');
    for (const bureau of ['Equifax', 'Experian', 'TransUnion']) {
      expect(
        screen.getByRole('link', { name: `Lift a freeze at ${bureau} (opens in a new tab)` }),
      ).toHaveAttribute('href', expect.stringMatching(/^https:\/\//));
    }
    expect(screen.getByRole('link', { name: '1-888-298-0045' })).toHaveAttribute(
      'href',
      'tel:+18882980045',
    );
    expect(
      screen.getByText(`Keep your credit unfrozen for ${CREDIT_UNLOCKED_DAYS} days`, {
        exact: false,
      }),
    ).toBeVisible();
    expect(screen.getByText(/contact us within 30 days of your application/)).toBeVisible();
    expectSupportContacts();
  });

  it('credit locked: how to unlock, for 30 days, then contact support', async () => {
    await showPage('credit-locked', 'SOFT_CREDIT_LOCKED', 'Your credit file is locked');
    expect(screen.getByText(/Unlock your credit file in the app or online account/)).toBeVisible();
    expect(
      screen.getByRole('link', { name: 'Sign in at Experian (opens in a new tab)' }),
    ).toHaveAttribute('href', 'https://www.experian.com/');
    expect(screen.getByText(/Keep your credit unlocked for 30 days/)).toBeVisible();
    expectSupportContacts();
  });

  it('no match: check the SSN and contact support', async () => {
    await showPage('credit-no-match', 'SOFT_CREDIT_NO_MATCH', 'We couldn’t find your credit file');
    expect(
      screen.getByText(/couldn’t find a credit file using the Social Security number you gave/),
    ).toBeVisible();
    expect(
      screen.getByRole('heading', { level: 2, name: 'Check your Social Security number' }),
    ).toBeVisible();
    expectSupportContacts();
  });

  it('decline: not eligible, with the adverse action notice on the dashboard', async () => {
    await showPage('decline', 'DECLINED', 'We can’t approve your application');
    expect(screen.getByText(/you are not eligible for a loan at this time/)).toBeVisible();
    expect(
      screen.getByRole('link', { name: 'View your adverse action notice on the dashboard' }),
    ).toHaveAttribute('href', '/dashboard');
    expectSupportContacts();
  });

  it.each([
    ['credit-frozen', 'SIGN_DOCS', `${TEST_APP_PATH}/next-steps`],
    ['credit-locked', 'SOFT_CREDIT_FROZEN', `${TEST_APP_PATH}/credit-frozen`],
    ['decline', 'SOFT_CREDIT', `${TEST_APP_PATH}/details`],
    ['credit-no-match', 'CANCELLED', '/dashboard'],
  ] as const)(
    '/%s for an application in %s leads where the application is now (%s)',
    async (page, state, target) => {
      serve(state);
      const { router } = renderApp(`${TEST_APP_PATH}/${page}`, { brand });
      await waitFor(() => expect(currentUrl(router)).toBe(target), LOADED);
    },
  );
});

describe('running the credit check again', () => {
  const retryPath = `POST ${buildPath(postCreditRetry.path, { appUuid: TEST_APP_UUID })}`;

  const krangPath = `GET ${buildPath(getKrangState.path, { appUuid: TEST_APP_UUID })}`;

  /** The server: the retry moves the application into the check, which ends in `decision`. */
  function serveRetry(from: TApplicationState, decision: TApplicationState, checkPolls = 2) {
    let current: TApplicationState = from;
    let polls = 0;
    const fetchMock = mockFetch({
      ...signedInWithApplication(() => makeApplication({ state: current })),
      [retryPath]: () => {
        current = 'SOFT_CREDIT';
        return jsonResponse(makeApplication({ state: 'SOFT_CREDIT' }), 202);
      },
      [krangPath]: () => {
        polls += 1;
        if (polls > checkPolls) current = decision;
        return jsonResponse({ state: current, stage: 'APPLYING' });
      },
    });
    return fetchMock;
  }

  it.each([
    ['credit-locked', 'SOFT_CREDIT_LOCKED', 'Your credit file is locked'],
    ['credit-frozen', 'SOFT_CREDIT_FROZEN', 'Your credit file is frozen'],
  ] as const)(
    '%s: shows the check running, then goes to the page of the new decision',
    async (page, state, heading) => {
      const fetchMock = serveRetry(state, 'SIGN_DOCS');
      const view = renderApp(`${TEST_APP_PATH}/${page}`, { brand });
      await findPageHeading(heading);
      await userEvent.click(screen.getByRole('button', { name: 'Check my credit again' }));
      expect(await screen.findByText('Checking your credit again…')).toBeVisible();
      await waitFor(
        () => expect(currentUrl(view.router)).toBe(`${TEST_APP_PATH}/next-steps`),
        LOADED,
      );
      const retries = fetchMock.mock.calls.filter(
        ([input, init]) =>
          init?.method === 'POST' && String(input).endsWith(`/${TEST_APP_UUID}/credit-retry`),
      );
      expect(retries).toHaveLength(1);
    },
  );

  it('says so when the check run again finds the same lock', async () => {
    serveRetry('SOFT_CREDIT_LOCKED', 'SOFT_CREDIT_LOCKED');
    const view = renderApp(`${TEST_APP_PATH}/credit-locked`, { brand });
    await findPageHeading('Your credit file is locked');
    await userEvent.click(screen.getByRole('button', { name: 'Check my credit again' }));
    expect(await screen.findByText(/^We checked again at \d\d:\d\d$/, {}, LOADED)).toBeVisible();
    expect(
      screen.getByText(/The credit bureau still says your credit file is locked/),
    ).toBeVisible();
    expect(currentUrl(view.router)).toBe(`${TEST_APP_PATH}/credit-locked`);
    expect(screen.getByRole('button', { name: 'Check my credit again' })).toBeEnabled();
  });

  it('says why when the server refuses, and stays on the page', async () => {
    mockFetch({
      ...signedInWithApplication(makeApplication({ state: 'SOFT_CREDIT_LOCKED' })),
      [retryPath]: () =>
        jsonResponse(
          {
            code: 'CREDIT_RETRY_WINDOW_CLOSED',
            message:
              'Your credit check can only be run again within 30 days of your application. Please start a new application.',
          },
          409,
        ),
    });
    const view = renderApp(`${TEST_APP_PATH}/credit-locked`, { brand });
    await findPageHeading('Your credit file is locked');
    await userEvent.click(screen.getByRole('button', { name: 'Check my credit again' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'can only be run again within 30 days',
    );
    expect(currentUrl(view.router)).toBe(`${TEST_APP_PATH}/credit-locked`);
  });
});
