import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { mockFetch } from '../../../test/mock-fetch.js';
import { currentUrl, renderApp } from '../../../test/render-app.js';
import { internationalApplication } from '../../application/application-test-data.js';
import { APP, applicationHandlers, LOADED } from '../testing/disbursement-test-data.js';
import { findPageHeading } from '../../../test/loaded.js';

describe('the disbursement choice', () => {
  it('offers linking a bank (recommended) or typing the account in', async () => {
    mockFetch(applicationHandlers());
    renderApp(`${APP}/disbursement`);
    expect(await findPageHeading('Where should we send your loan funds?')).toBeVisible();
    expect(screen.getByRole('heading', { level: 2, name: /Link your bank/ })).toHaveTextContent(
      'Recommended',
    );
    expect(screen.getByText(/Instant/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Link a bank account' })).toHaveAttribute(
      'href',
      `${APP}/disbursement/link-account`,
    );
    expect(screen.getByRole('link', { name: 'Enter account details manually' })).toHaveAttribute(
      'href',
      `${APP}/disbursement/manually-link`,
    );
    expect(screen.getByRole('link', { name: 'Back to final steps' })).toHaveAttribute(
      'href',
      `${APP}/next-steps`,
    );
  });

  it('follows the chosen way', async () => {
    mockFetch(applicationHandlers());
    const { user, router } = renderApp(`${APP}/disbursement`);
    await user.click(
      await screen.findByRole('link', { name: 'Enter account details manually' }, LOADED),
    );
    await waitFor(() => expect(currentUrl(router)).toBe(`${APP}/disbursement/manually-link`));
  });

  it('sends an international borrower to the USDC wallet page', async () => {
    mockFetch(applicationHandlers(internationalApplication()));
    const { router } = renderApp(`${APP}/disbursement`);
    await waitFor(() => expect(currentUrl(router)).toBe(`${APP}/usdc-disbursement`), LOADED);
    expect(await findPageHeading('Enter your USDC wallet')).toBeVisible();
  });
});
