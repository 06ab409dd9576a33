import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import {
  getConsentTypes,
  getProfile,
  putProfile,
  type TBrand,
  type TConsentType,
  type TGetProfileResponse,
} from '@pledge/contract';
import { UNAVAILABLE_COUNTRY_NAMES } from '@pledge/domain';
import { browserNavigation } from '../../features/session/browser-navigation.js';
import { figureInfoHandlers, storeTestSession } from '../../features/session/session-test-utils.js';
import { makeBrand, PROFILE_HOME } from '../../test/fixtures.js';
import { jsonResponse, mockFetch } from '../../test/mock-fetch.js';
import { renderApp } from '../../test/render-app.js';
import { PRIVACY_CHOICES_STORAGE_KEY } from './privacy-options/privacy-choices.js';
import { LOADED } from '../../test/loaded.js';
import { expectLinks } from '../../test/expect-links.js';

const FAQ = '/account/crypto-backed-loan/faq';

beforeEach(() => {
  vi.spyOn(browserNavigation, 'assign').mockImplementation(() => undefined);
});

describe('the footer', () => {
  it.each([
    ['EQUAL_HOUSING_LENDER', 'Equal Housing Lender'],
    ['EQUAL_HOUSING_OPPORTUNITY', 'Equal Housing Opportunity'],
    ['EQUAL_OPPORTUNITY', 'Equal Opportunity Lender'],
  ] as const)('shows the %s mark as an image named "%s"', async (housingLogo, name) => {
    mockFetch({});
    renderApp(FAQ, { brand: makeBrand({ housingLogo }) });
    const footer = screen.getByRole('contentinfo');
    expect(await within(footer).findByRole('img', { name })).toBeInTheDocument();
  });

  it('links the brand’s terms, privacy and licences, with its NMLS number and the year', async () => {
    mockFetch({});
    const brand: TBrand = makeBrand({
      termsUrl: 'https://harbor.example/terms',
      licensesUrl: 'https://harbor.example/licenses',
      privacyUrl: '/privacy',
      nmlsNumber: '1950236',
    });
    renderApp(FAQ, { brand });
    const footer = screen.getByRole('contentinfo');
    expectLinks(footer, {
      'Terms of use': 'https://harbor.example/terms',
      Privacy: '/privacy',
      Licenses: 'https://harbor.example/licenses',
    });
    expect(within(footer).getByRole('link', { name: 'NMLS #1950236' })).toBeInTheDocument();
    expect(footer).toHaveTextContent(`© ${new Date().getFullYear()} ${brand.legalName}`);
  });

  it('lists the brand’s state licences and footer paragraphs, when it has them', async () => {
    mockFetch({});
    renderApp(FAQ, {
      brand: makeBrand({
        stateLicences: [
          { state: 'CA', number: 'CFL 60DBO-1234' },
          { state: 'NY', number: 'NY-LL-5678' },
        ],
        footerTexts: ['Loans are made by Acme.', 'Not available in Texas.'],
      }),
    });
    const footer = screen.getByRole('contentinfo');
    expect(
      within(footer).getByText('State licences: CA CFL 60DBO-1234 · NY NY-LL-5678'),
    ).toBeInTheDocument();
    expect(within(footer).getByText('Loans are made by Acme.')).toBeInTheDocument();
    expect(within(footer).getByText('Not available in Texas.')).toBeInTheDocument();
  });

  it('lists every unavailable country', async () => {
    mockFetch({});
    renderApp(FAQ);
    const footer = screen.getByRole('contentinfo');
    await within(footer).findByText(/Loans are not available to residents of/);
    const text = footer.textContent ?? '';
    for (const name of UNAVAILABLE_COUNTRY_NAMES) expect(text).toContain(name);
    expect(text).toContain('South Sudan, Yemen and Zimbabwe.');
  });
});

describe('the privacy options', () => {
  const CONSENT_TYPES: TConsentType[] = [
    { type: 'PRIVACY', version: '2025-01-15', optInOut: 'OPT_IN' },
    { type: 'TERMS', version: '2025-01-15', optInOut: 'OPT_IN' },
    { type: 'COMMUNICATIONS', version: '2025-01-15', optInOut: 'OPT_IN' },
    { type: 'MARKETING', version: '2025-01-15', optInOut: 'OPT_IN' },
    { type: 'SOFT_CREDIT', version: '2025-01-15', optInOut: 'OPT_IN' },
  ];
  const PROFILE: TGetProfileResponse = {
    uuid: '0f8e6a1c-3b2d-4e5f-8a9b-0c1d2e3f4a5b',
    name: { firstName: 'Ada', lastName: 'Lovelace', suffix: null },
    dob: '1985-12-10',
    hasSsn: true,
    addresses: [PROFILE_HOME],
    phoneNumbers: [{ number: '+16145550123' }],
    email: 'ada@example.com',
    countryOfDomicile: 'US',
    consents: [
      { type: 'PRIVACY', version: '2024-06-01', optInOut: 'OPT_IN' },
      { type: 'MARKETING', version: '2024-06-01', optInOut: 'OPT_IN' },
    ],
  };

  it('keeps a visitor’s choices in this browser', async () => {
    mockFetch({});
    const { user } = renderApp(FAQ);
    await user.click(screen.getByRole('button', { name: 'Privacy options' }));
    const dialog = await screen.findByRole('dialog', { name: 'Privacy options' }, LOADED);
    await user.click(within(dialog).getByRole('checkbox', { name: 'Opt out of marketing' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save choices' }));
    await waitFor(() => expect(dialog).not.toHaveAttribute('open'));
    expect(JSON.parse(window.localStorage.getItem(PRIVACY_CHOICES_STORAGE_KEY) ?? '')).toEqual({
      MARKETING: 'OPT_OUT',
      COMMUNICATIONS: 'OPT_IN',
    });

    await user.click(screen.getByRole('button', { name: 'Privacy options' }));
    const reopened = await screen.findByRole('dialog', { name: 'Privacy options' });
    expect(within(reopened).getByRole('checkbox', { name: 'Opt out of marketing' })).toBeChecked();
  });

  it('saves a signed-in borrower’s choices to the profile consents', async () => {
    storeTestSession();
    const fetch = mockFetch({
      ...figureInfoHandlers(),
      [`GET ${getConsentTypes.path}`]: () => jsonResponse(CONSENT_TYPES),
      [`GET ${getProfile.path}`]: () => jsonResponse(PROFILE),
      [`PUT ${putProfile.path}`]: () =>
        jsonResponse({ ...PROFILE, name: PROFILE.name, email: PROFILE.email }),
    });
    const { user } = renderApp(FAQ);
    await user.click(screen.getByRole('button', { name: 'Privacy options' }));
    const dialog = await screen.findByRole('dialog', { name: 'Privacy options' }, LOADED);
    const communications = await within(dialog).findByRole('checkbox', {
      name: 'Opt out of other communications',
    });
    expect(communications).not.toBeChecked();
    await user.click(communications);
    await user.click(within(dialog).getByRole('button', { name: 'Save choices' }));
    await waitFor(() => expect(dialog).not.toHaveAttribute('open'));

    const put = fetch.mock.calls.find(([, init]) => init?.method === 'PUT');
    const { uuid: _uuid, hasSsn: _hasSsn, consents: _consents, ...details } = PROFILE;
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({
      ...details,
      consents: [
        { type: 'PRIVACY', version: '2024-06-01', optInOut: 'OPT_IN' },
        { type: 'MARKETING', version: '2025-01-15', optInOut: 'OPT_IN' },
        { type: 'COMMUNICATIONS', version: '2025-01-15', optInOut: 'OPT_OUT' },
      ],
    });
  });

  it('shows the server’s words when the choices cannot be saved', async () => {
    storeTestSession();
    mockFetch({
      ...figureInfoHandlers(),
      [`GET ${getConsentTypes.path}`]: () => jsonResponse(CONSENT_TYPES),
      [`GET ${getProfile.path}`]: () => jsonResponse(PROFILE),
      [`PUT ${putProfile.path}`]: () =>
        jsonResponse(
          {
            code: 'VALIDATION_ERROR',
            message: 'This is not the current version of this consent; reload and try again',
          },
          400,
        ),
    });
    const { user } = renderApp(FAQ);
    await user.click(screen.getByRole('button', { name: 'Privacy options' }));
    const dialog = await screen.findByRole('dialog', { name: 'Privacy options' }, LOADED);
    await user.click(await within(dialog).findByRole('button', { name: 'Save choices' }));
    expect(
      await within(dialog).findByText(
        'This is not the current version of this consent; reload and try again',
      ),
    ).toBeInTheDocument();
    expect(dialog).toHaveAttribute('open');
  });
});
