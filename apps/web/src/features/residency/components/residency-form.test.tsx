import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { getValidCountries, getValidStates, postWaitlist } from '@pledge/contract';
import { makeBrand, VALID_COUNTRIES, VALID_STATES } from '../../../test/fixtures.js';
import { jsonResponse, mockFetch, sentBody } from '../../../test/mock-fetch.js';
import { currentUrl, renderApp } from '../../../test/render-app.js';
import { signIn } from '../../offer/testing/offer-fixtures.js';

const RESIDENCY = '/account/crypto-backed-loan/residency';
const STATES = `GET ${getValidStates.path}`;
const COUNTRIES = `GET ${getValidCountries.path}`;
const WAITLIST = `POST ${postWaitlist.path}`;

let fetchMock: ReturnType<typeof mockFetch>;

beforeEach(() => {
  fetchMock = mockFetch({
    [STATES]: () => jsonResponse(VALID_STATES),
    [COUNTRIES]: () => jsonResponse(VALID_COUNTRIES),
  });
});

async function stateSelect() {
  const select = await screen.findByRole('combobox', { name: 'State' });
  await waitFor(() => expect(select).toBeEnabled());
  return select;
}

describe('residency page', () => {
  it('asks for a state when continuing with nothing chosen', async () => {
    const { router, user } = renderApp(RESIDENCY);
    const select = await stateSelect();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(select).toHaveAttribute('aria-invalid', 'true');
    expect(select).toHaveAccessibleDescription('Error: Please select an option');
    expect(select).toHaveFocus();
    expect(currentUrl(router)).toBe(RESIDENCY);

    await user.selectOptions(select, 'OH');
    expect(screen.queryByText('Please select an option')).not.toBeInTheDocument();
    expect(select).not.toHaveAttribute('aria-invalid');
  });

  it('continues to the offer page with the state', async () => {
    const { router, user } = renderApp(RESIDENCY);
    await user.selectOptions(await stateSelect(), 'Ohio');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() =>
      expect(currentUrl(router)).toBe('/account/crypto-backed-loan/start?state=OH'),
    );
    expect(
      await screen.findByRole('heading', {
        name: 'Borrow funds against your crypto assets to get cash while you HODL',
      }),
    ).toBeInTheDocument();
  });

  it('reaches Continue from the select with Tab and submits with Enter', async () => {
    const { router, user } = renderApp(RESIDENCY);
    const select = await stateSelect();
    await user.selectOptions(select, 'OH');
    expect(select).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Continue' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(currentUrl(router)).toBe('/account/crypto-backed-loan/start?state=OH'),
    );
  });

  it('offers the waitlist instead of Continue for a state that is not serviced', async () => {
    const { user } = renderApp(RESIDENCY);
    await user.selectOptions(await stateSelect(), 'TX');
    expect(screen.getByRole('status')).toHaveTextContent(
      'This state is currently not being serviced',
    );
    expect(screen.queryByRole('button', { name: 'Continue' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Join Waitlist' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /E-mail address/ })).toHaveValue('');

    await user.selectOptions(screen.getByRole('combobox', { name: 'State' }), 'CA');
    expect(
      screen.queryByText('This state is currently not being serviced'),
    ).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Join Waitlist' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue' })).toBeInTheDocument();
  });

  it('signs the borrower up for the waitlist and confirms it', async () => {
    const signUps: unknown[] = [];
    const orgCodes: (string | null)[] = [];
    fetchMock = mockFetch({
      [STATES]: () => jsonResponse(VALID_STATES),
      [WAITLIST]: (url, init) => {
        signUps.push(sentBody(init));
        orgCodes.push(url.searchParams.get('orgCode'));
        return jsonResponse({ email: 'ana@example.com', state: 'TX' }, 202);
      },
    });
    const { user } = renderApp(RESIDENCY);
    await user.selectOptions(await stateSelect(), 'TX');
    const email = screen.getByRole('textbox', { name: /E-mail address/ });

    await user.click(screen.getByRole('button', { name: 'Join Waitlist' }));
    expect(email).toHaveAccessibleDescription('Error: Enter a valid email address');
    expect(email).toHaveFocus();
    await user.type(email, 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Join Waitlist' }));
    expect(email).toHaveAccessibleDescription('Error: Enter a valid email address');
    expect(signUps).toEqual([]);

    await user.clear(email);
    await user.type(email, 'Ana@Example.com');
    await user.click(screen.getByRole('button', { name: 'Join Waitlist' }));
    expect(await screen.findByText('You are on the waitlist')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Harbor Credit Partners will e-mail ana@example.com when loans are offered in Texas.',
      ),
    ).toBeInTheDocument();
    expect(signUps).toEqual([{ email: 'Ana@Example.com', state: 'TX' }]);
    expect(orgCodes).toEqual(['partner']);
  });

  it("prefills the signed-in borrower's address", async () => {
    fetchMock = mockFetch({ [STATES]: () => jsonResponse(VALID_STATES), ...signIn() });
    const { user } = renderApp(RESIDENCY);
    await user.selectOptions(await stateSelect(), 'TX');
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: /E-mail address/ })).toHaveValue(
        'borrower@example.com',
      ),
    );
  });

  it("shows the server's words when the sign-up is refused", async () => {
    fetchMock = mockFetch({
      [STATES]: () => jsonResponse(VALID_STATES),
      [WAITLIST]: () =>
        jsonResponse(
          { code: 'RATE_LIMITED', message: 'Too many sign-ups. Try again in a minute.' },
          429,
        ),
    });
    const { user } = renderApp(RESIDENCY);
    await user.selectOptions(await stateSelect(), 'TX');
    await user.type(screen.getByRole('textbox', { name: /E-mail address/ }), 'ana@example.com');
    await user.click(screen.getByRole('button', { name: 'Join Waitlist' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('You could not be added to the waitlist');
    expect(alert).toHaveTextContent('Too many sign-ups. Try again in a minute.');
  });

  it('shows a refused address at the field', async () => {
    fetchMock = mockFetch({
      [STATES]: () => jsonResponse(VALID_STATES),
      [WAITLIST]: () =>
        jsonResponse(
          {
            code: 'VALIDATION_ERROR',
            message: 'Enter a valid email address',
            fieldErrors: { email: ['Enter a valid email address'] },
          },
          400,
        ),
    });
    const { user } = renderApp(RESIDENCY);
    await user.selectOptions(await stateSelect(), 'TX');
    const email = screen.getByRole('textbox', { name: /E-mail address/ });
    await user.type(email, 'ana@example.com');
    await user.click(screen.getByRole('button', { name: 'Join Waitlist' }));
    await waitFor(() =>
      expect(email).toHaveAccessibleDescription('Error: Enter a valid email address'),
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('lists enabled countries other than the US, by name, and continues with the country', async () => {
    const { router, user } = renderApp(RESIDENCY, {
      brand: makeBrand({ internationalEnabled: true }),
    });
    await stateSelect();
    await user.click(screen.getByRole('radio', { name: 'International' }));
    const select = await screen.findByRole('combobox', { name: 'Country' });
    await waitFor(() => expect(select).toBeEnabled());
    const options = within(select)
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(options).toEqual(['Select a country', 'Australia', 'Germany', 'United Kingdom']);

    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(select).toHaveAccessibleDescription('Error: Please select an option');

    await user.selectOptions(select, 'Germany');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() =>
      expect(currentUrl(router)).toBe('/account/crypto-backed-loan/start?countryCode=DE'),
    );
  });

  it('loads countries only once International is chosen', async () => {
    const { user } = renderApp(RESIDENCY, { brand: makeBrand({ internationalEnabled: true }) });
    await stateSelect();
    const calledCountries = () =>
      fetchMock.mock.calls.some(([input]) => String(input).startsWith(getValidCountries.path));
    expect(calledCountries()).toBe(false);
    await user.click(screen.getByRole('radio', { name: 'International' }));
    await screen.findByRole('combobox', { name: 'Country' });
    expect(calledCountries()).toBe(true);
  });

  it.each([
    [
      'a markets-credit brand',
      {
        internationalEnabled: true,
        flags: { wholesale: false, marketsCredit: true, general: false },
      },
    ],
    ['a brand without international loans', { internationalEnabled: false }],
  ])('hides International for %s', async (_, overrides) => {
    renderApp(RESIDENCY, { brand: makeBrand(overrides) });
    await stateSelect();
    expect(screen.queryByRole('radio', { name: 'International' })).not.toBeInTheDocument();
    expect(screen.queryByText('International')).not.toBeInTheDocument();
  });

  it('shows United States and International for a brand that offers both', async () => {
    renderApp(RESIDENCY, { brand: makeBrand({ internationalEnabled: true }) });
    await stateSelect();
    expect(screen.getByRole('radio', { name: 'United States' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'International' })).not.toBeChecked();
  });

  it('opens on the residence the offer page was for ("Change where you live")', async () => {
    const { user, router } = renderApp(`${RESIDENCY}?state=OH`);
    const select = await stateSelect();
    expect(select).toHaveValue('OH');
    await user.selectOptions(select, 'CA');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() =>
      expect(currentUrl(router)).toBe('/account/crypto-backed-loan/start?state=CA'),
    );
  });

  it('opens on the country for an international borrower', async () => {
    renderApp(`${RESIDENCY}?countryCode=DE`, { brand: makeBrand({ internationalEnabled: true }) });
    expect(await screen.findByRole('radio', { name: 'International' })).toBeChecked();
    const select = await screen.findByRole('combobox', { name: 'Country' });
    await waitFor(() => expect(select).toHaveValue('DE'));
  });

  it('from the offer page, "Change where you live" carries the residence along', async () => {
    const { user, router } = renderApp('/account/crypto-backed-loan/start?state=OH');
    await user.click(await screen.findByRole('link', { name: 'Change where you live' }));
    await waitFor(() => expect(currentUrl(router)).toBe(`${RESIDENCY}?state=OH`));
    expect(await stateSelect()).toHaveValue('OH');
  });

  it('says when the states cannot be loaded and tries again on request', async () => {
    let calls = 0;
    mockFetch({
      [STATES]: () => {
        calls += 1;
        return calls === 1
          ? jsonResponse({ code: 'INTERNAL', message: 'Something unexpected happened' }, 500)
          : jsonResponse(VALID_STATES);
      },
    });
    const { user } = renderApp(RESIDENCY);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The list of places could not be loaded.');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await stateSelect()).toBeInTheDocument();
    expect(calls).toBe(2);
  });
});
