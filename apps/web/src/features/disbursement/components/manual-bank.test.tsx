import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { buildPath, postManualBank } from '@pledge/contract';
import { jsonResponse, mockFetch, sentBody } from '../../../test/mock-fetch.js';
import { currentUrl, renderApp } from '../../../test/render-app.js';
import { internationalApplication } from '../../application/application-test-data.js';
import {
  APP,
  APP_PARAMS,
  applicationHandlers,
  LOADED,
  makeDisbursement,
} from '../testing/disbursement-test-data.js';
import { findPageHeading } from '../../../test/loaded.js';

const MANUAL_PATH = buildPath(postManualBank.path, APP_PARAMS);

function serve(answer: () => Response = () => jsonResponse(makeDisbursement())) {
  return mockFetch({ ...applicationHandlers(), [`POST ${MANUAL_PATH}`]: answer });
}

async function showForm() {
  const view = renderApp(`${APP}/disbursement/manually-link`);
  await findPageHeading('Enter your bank account details');
  return view;
}

type TUser = Awaited<ReturnType<typeof showForm>>['user'];

/** Enters each value in its field as a paste does: the keystrokes themselves are not what is tested. */
async function fill(user: TUser, values: Partial<Record<string, string>>) {
  for (const [label, value] of Object.entries(values)) {
    const input = screen.getByLabelText(new RegExp(`^${label}`));
    // Clearing leaves the field focused, with nothing in it: the paste goes there.
    await user.clear(input);
    if (value !== undefined && value !== '') await user.paste(value);
    expect(input).toHaveValue(value ?? '');
  }
}

const VALID = {
  'Routing number': '011000015',
  'Account number': '123456789',
  'First name': 'Ada',
  'Last name': 'Lovelace',
};

describe('typing the bank account in', () => {
  it('asks for every field', async () => {
    serve();
    const { user } = await showForm();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByText('Please enter a routing number')).toBeVisible();
    expect(screen.getByText('Please enter an account number')).toBeVisible();
    expect(screen.getByText('Please enter the first name.')).toBeVisible();
    expect(screen.getByText('Please enter the last name.')).toBeVisible();
    expect(screen.getByLabelText(/^Routing number/)).toHaveFocus();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it.each([
    [{ 'Routing number': '011000016' }, 'Invalid routing number'],
    [{ 'Routing number': '12345' }, 'Invalid routing number'],
    [{ 'Account number': '123' }, 'At least 4 digits'],
    [{ 'Account number': '123456789012345678' }, 'Up to 17 digits'],
    [{ 'Account number': '12ab34' }, 'Invalid'],
  ])('%j → %s', async (values, message) => {
    serve();
    const { user } = await showForm();
    await fill(user, { ...VALID, ...values });
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByText(message)).toBeVisible();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('confirms the details in a modal, saves them and goes to the final steps', async () => {
    const fetch = serve();
    const { user, router } = await showForm();
    await fill(user, VALID);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const dialog = screen.getByRole('dialog', { name: 'Please confirm info' });
    const details = within(dialog);
    expect(details.getByText('Account number').nextElementSibling).toHaveTextContent('123456789');
    expect(details.getByText('Routing number').nextElementSibling).toHaveTextContent('011000015');
    expect(details.getByText('Full legal name').nextElementSibling).toHaveTextContent(
      'Ada Lovelace',
    );
    await user.click(details.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(currentUrl(router)).toBe(`${APP}/next-steps`), LOADED);
    const call = fetch.mock.calls.find(([url]) =>
      String(url).endsWith('/disbursement/manual-bank'),
    );
    expect(sentBody(call?.[1] ?? {})).toEqual({
      routingNumber: '011000015',
      accountNumber: '123456789',
      firstName: 'Ada',
      lastName: 'Lovelace',
    });
  });

  it('goes back to editing from the modal', async () => {
    const fetch = serve();
    const { user } = await showForm();
    await fill(user, VALID);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(fetch.mock.calls.some(([url]) => String(url).endsWith('/manual-bank'))).toBe(false);
  });

  it('closes the modal and says the upload failed when the save fails', async () => {
    serve(() => jsonResponse({ code: 'UNAVAILABLE', message: 'down' }, 503));
    const { user, router } = await showForm();
    await fill(user, VALID);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('alert', {}, LOADED)).toHaveTextContent(
      'Failed to upload manual bank information.',
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(currentUrl(router)).toBe(`${APP}/disbursement/manually-link`);
  });

  it('says what happened and what to do when the server refuses the account', async () => {
    serve(() =>
      jsonResponse(
        {
          code: 'DISBURSEMENT_LOCKED',
          message: 'The disbursement account cannot be changed at this point of the application.',
        },
        409,
      ),
    );
    const { user, router } = await showForm();
    await fill(user, VALID);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    const alert = await screen.findByRole('alert', {}, LOADED);
    expect(alert).toHaveTextContent('Failed to upload manual bank information.');
    expect(alert).toHaveTextContent(
      'The disbursement account cannot be changed at this point of the application.',
    );
    expect(currentUrl(router)).toBe(`${APP}/disbursement/manually-link`);
  });
});

describe('the bank pages of an international loan', () => {
  it.each(['manually-link', 'link-account', 'choose-account'])(
    '/disbursement/%s sends the borrower to the USDC page',
    async (page) => {
      mockFetch(applicationHandlers(internationalApplication()));
      const { router } = renderApp(`${APP}/disbursement/${page}`);
      await waitFor(() => expect(currentUrl(router)).toBe(`${APP}/usdc-disbursement`), LOADED);
      expect(screen.queryByLabelText(/^Routing number/)).toBeNull();
    },
  );
});
