import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  buildPath,
  getAddressLookup,
  getKrangState,
  getProfile,
  postLoanDetails,
  type TApplication,
  type TGetProfileResponse,
} from '@pledge/contract';
import {
  DETAILS_POLL_MAX_TRIES,
  DETAILS_POLL_MS,
  LOAN_DETAILS_MESSAGES as M,
  NEXT_STEP_POLL_MAX_TRIES,
  NEXT_STEP_POLL_MS,
  OFFER_INPUT_DEBOUNCE_MS,
  type TApplicationState,
} from '@pledge/domain';
import { jsonResponse, mockFetch, sentBody } from '../../../test/mock-fetch.js';
import { EMPTY_PROFILE, HOME_ADDRESS, PROFILE_HOME } from '../../../test/fixtures.js';
import { currentUrl, renderApp } from '../../../test/render-app.js';
import {
  krangState,
  makeApplication,
  makeOffer,
  signedInWithApplication,
  TEST_APP_PATH,
  TEST_APP_UUID,
  TEST_EMAIL,
} from '../../application/application-test-data.js';
import { LOADED } from '../../../test/loaded.js';

const params = { appUuid: TEST_APP_UUID };
const DETAILS_PATH = buildPath(postLoanDetails.path, params);
const KRANG_PATH = buildPath(getKrangState.path, params);

interface TServeOptions {
  application?: TApplication;
  profile?: TGetProfileResponse;
  /** The answer to the details POST. */
  onDetails?: (body: unknown) => Response;
  /** The states the krang polls answer, in turn; the last one repeats. */
  states?: TApplicationState[];
}

function serve({
  application = makeApplication(),
  profile = EMPTY_PROFILE,
  onDetails = () =>
    jsonResponse(makeApplication({ state: 'ATTACH_PROFILE', stage: 'APPLYING' }), 202),
  states = ['SIGN_DOCS'],
}: TServeOptions = {}) {
  let polls = 0;
  const fetch = mockFetch({
    ...signedInWithApplication(application),
    [`GET ${getProfile.path}`]: () => jsonResponse(profile),
    [`POST ${DETAILS_PATH}`]: (_, init) => onDetails(sentBody(init)),
    [`GET ${KRANG_PATH}`]: () => {
      const state = states[Math.min(polls, states.length - 1)] ?? 'SIGN_DOCS';
      polls += 1;
      return jsonResponse(krangState(state));
    },
    [`GET ${getAddressLookup.path}`]: (url) =>
      jsonResponse({
        suggestions: [
          {
            label: `${url.searchParams.get('partialAddress')} Main St, Columbus, OH 43004`,
            street1: '1 Main St',
            street2: null,
            city: 'Columbus',
            state: 'OH',
            zip: '43004',
          },
        ],
      }),
  });
  const callsTo = (method: string, path: string) =>
    fetch.mock.calls.filter(
      ([input, init]) =>
        (init?.method ?? 'GET') === method &&
        new URL(String(input), 'http://localhost').pathname === path,
    ).length;
  return { fetch, callsTo };
}

/** `onFakeClock`: the clock is the test's, running as time does; user-event's waits move it. */
async function openForm({ onFakeClock = false }: { onFakeClock?: boolean } = {}) {
  if (onFakeClock) vi.useFakeTimers({ shouldAdvanceTime: true });
  const view = renderApp(
    `${TEST_APP_PATH}/details`,
    onFakeClock ? { advanceTimers: vi.advanceTimersByTime } : {},
  );
  await screen.findByRole('button', { name: 'Submit and check my credit' }, LOADED);
  return view;
}

function field(name: string | RegExp): HTMLElement {
  return screen.getByLabelText(name);
}

/** Puts text in a field as a paste does, where the typing itself is not what is tested. */
async function paste(
  user: ReturnType<typeof renderApp>['user'],
  control: HTMLElement,
  text: string,
) {
  await user.click(control);
  await user.paste(text);
}

/** Fills the form with valid US details (typed by events: the typing itself is tested above). */
function fillValidUsForm() {
  const type = (control: HTMLElement, value: string) =>
    fireEvent.change(control, { target: { value } });
  type(field('First name'), 'Ada');
  type(field('Last name'), 'Lovelace');
  type(field('Date of birth'), '1990-12-10');
  type(field('Social Security number'), '123456789');
  type(field('Street address'), '1 Main St');
  type(field('City'), 'Columbus');
  type(field('ZIP code'), '43004');
  type(field('Phone number'), '6145550123');
  for (const name of [
    /US citizen or a permanent resident/,
    /Terms of Service/,
    /Privacy Policy/,
    /sign them electronically/,
    /soft credit check/,
  ]) {
    fireEvent.click(screen.getByRole('checkbox', { name }));
  }
}

function submitButton(): HTMLElement {
  return screen.getByRole('button', { name: /Submit and check my credit/ });
}

// Typing a whole form with user-event takes a few seconds in jsdom.
vi.setConfig({ testTimeout: 30_000 });

afterEach(() => {
  vi.useRealTimers();
});

describe('the loan details form', () => {
  it('prefills the signed-in email and the offer state, and asks everything else', async () => {
    serve();
    await openForm();
    expect(field('Email')).toHaveValue(TEST_EMAIL);
    expect(field('State')).toHaveValue('OH');
    expect(field('First name')).toHaveValue('');
    expect(screen.getByRole('link', { name: /Terms of Service/ })).toHaveAttribute(
      'target',
      '_blank',
    );
  });

  it('prefills from the profile on file', async () => {
    serve({
      profile: {
        ...EMPTY_PROFILE,
        name: { firstName: 'Ada', lastName: 'Lovelace', suffix: 'Jr' },
        dob: '1990-12-10',
        addresses: [PROFILE_HOME],
        phoneNumbers: [{ number: '+16145550123' }],
        email: 'ada@profile.example',
      },
    });
    await openForm();
    expect(field('First name')).toHaveValue('Ada');
    expect(field('Suffix')).toHaveValue('Jr');
    expect(field('Date of birth')).toHaveValue('1990-12-10');
    expect(field('Street address')).toHaveValue('1 Main St');
    expect(field('Phone number')).toHaveValue('(614) 555-0123');
    expect(field('Email')).toHaveValue('ada@profile.example');
    expect(field('Social Security number')).toHaveValue('');
  });

  it('shows the message of every required field on submit, and focuses the first', async () => {
    const { callsTo } = serve();
    const { user } = await openForm();
    await user.clear(field('Email'));
    await user.selectOptions(field('State'), '');
    await user.click(submitButton());
    const expected: [HTMLElement, string][] = [
      [field('First name'), M.firstNameRequired],
      [field('Last name'), M.lastNameRequired],
      [field('Date of birth'), M.dobRequired],
      [field('Social Security number'), M.ssnRequired],
      [field('Street address'), M.street1Required],
      [field('City'), M.cityRequired],
      [field('State'), M.stateRequired],
      [field('ZIP code'), M.zipInvalid],
      [field('Phone number'), M.phoneInvalid],
      [field('Email'), M.emailInvalid],
      [screen.getByRole('checkbox', { name: /US citizen/ }), M.citizenship],
      [screen.getByRole('checkbox', { name: /Terms of Service/ }), M.termsConsent],
      [screen.getByRole('checkbox', { name: /Privacy Policy/ }), M.privacyConsent],
      [screen.getByRole('checkbox', { name: /electronically/ }), M.eSignConsent],
      [screen.getByRole('checkbox', { name: /soft credit check/ }), M.softCreditConsent],
    ];
    for (const [control, message] of expected) {
      expect(control).toBeInvalid();
      expect(control).toHaveAccessibleDescription(expect.stringContaining(`Error: ${message}`));
    }
    expect(field('First name')).toHaveFocus();
    expect(callsTo('POST', DETAILS_PATH)).toBe(0);
  });

  it('shows format messages, and clears each once its field is fixed', async () => {
    serve();
    const { user } = await openForm();
    await paste(user, field('First name'), 'R2D2');
    fireEvent.change(field('Date of birth'), { target: { value: '2020-01-01' } });
    await paste(user, field('Social Security number'), '000123456');
    await paste(user, field('ZIP code'), '123');
    await paste(user, field('Phone number'), '123');
    await user.click(submitButton());
    expect(field('First name')).toHaveAccessibleDescription(`Error: ${M.nameCharacters}`);
    expect(field('Date of birth')).toHaveAccessibleDescription(`Error: ${M.underage}`);
    expect(field('Social Security number')).toHaveAccessibleDescription(
      expect.stringContaining(`Error: ${M.ssnInvalid}`),
    );
    expect(field('ZIP code')).toHaveAccessibleDescription(`Error: ${M.zipInvalid}`);
    expect(field('Phone number')).toHaveAccessibleDescription(
      expect.stringContaining(`Error: ${M.phoneInvalid}`),
    );
    await user.clear(field('First name'));
    await paste(user, field('First name'), 'Ada');
    expect(field('First name')).toBeValid();
  });

  it('shows the SSN as its last four digits once entered', async () => {
    serve();
    const { user } = await openForm();
    const ssn = field('Social Security number');
    await user.type(ssn, '123456789');
    expect(ssn).toHaveValue('123-45-6789');
    await user.tab();
    expect(ssn).toHaveValue('•••-••-6789');
    await user.click(ssn);
    expect(ssn).toHaveValue('123-45-6789');
  });

  it('fills the address from a chosen suggestion', async () => {
    const { callsTo } = serve();
    const { user } = await openForm({ onFakeClock: true });
    // The combobox's code comes after the form has painted (LazyCombobox).
    const search = await screen.findByRole('combobox', { name: 'Find your address' });
    await user.type(search, '1 Ma');
    // The suggestions are asked for once typing pauses.
    await act(() => vi.advanceTimersByTimeAsync(OFFER_INPUT_DEBOUNCE_MS));
    const option = await screen.findByRole('option', { name: '1 Ma Main St, Columbus, OH 43004' });
    expect(callsTo('GET', getAddressLookup.path)).toBe(1);
    await user.click(option);
    expect(field('Street address')).toHaveValue('1 Main St');
    expect(field('Apartment, suite or unit')).toHaveValue('');
    expect(field('City')).toHaveValue('Columbus');
    expect(field('State')).toHaveValue('OH');
    expect(field('ZIP code')).toHaveValue('43004');
  });

  it('sends the details once, however often Submit is pressed', async () => {
    let bodies: unknown[] = [];
    serve({
      onDetails: (body) => {
        bodies = [...bodies, body];
        return jsonResponse(makeApplication({ state: 'ATTACH_PROFILE', stage: 'APPLYING' }), 202);
      },
    });
    const { user, router } = await openForm();
    fillValidUsForm();
    const form = submitButton().closest('form');
    if (form === null) throw new Error('no form');
    fireEvent.submit(form);
    fireEvent.submit(form);
    await user.click(submitButton()).catch(() => undefined);
    await waitFor(() => expect(currentUrl(router)).toBe(`${TEST_APP_PATH}/next-steps`), LOADED);
    expect(bodies).toEqual([
      {
        residency: 'UNITED_STATES',
        firstName: 'Ada',
        lastName: 'Lovelace',
        dob: '1990-12-10',
        ssn: '123456789',
        address: HOME_ADDRESS,
        phone: '6145550123',
        email: TEST_EMAIL,
        isCitizenOrPermanentResident: true,
        consents: { TERMS: true, PRIVACY: true, eSign: true, SOFT_CREDIT: true },
      },
    ]);
  });

  it('shows the server’s field messages on their fields', async () => {
    serve({
      onDetails: () =>
        jsonResponse(
          {
            code: 'VALIDATION_ERROR',
            message: 'Your offer is for Ohio; your home address must be in Ohio',
            fieldErrors: {
              'address.state': ['Your offer is for Ohio; your home address must be in Ohio'],
              residency: ['These details are for a different residency than your offer'],
            },
          },
          400,
        ),
    });
    const { user } = await openForm();
    fillValidUsForm();
    await user.click(submitButton());
    await waitFor(() => expect(field('State')).toBeInvalid());
    expect(field('State')).toHaveAccessibleDescription(
      'Error: Your offer is for Ohio; your home address must be in Ohio',
    );
    expect(field('State')).toHaveFocus();
    expect(
      screen.getByText('These details are for a different residency than your offer'),
    ).toBeVisible();
    await user.selectOptions(field('State'), 'OH');
    expect(field('State')).toBeValid();
  });

  it('shows a refusal that names no field above the form', async () => {
    serve({
      onDetails: () => jsonResponse({ code: 'INTERNAL', message: 'Something broke' }, 500),
    });
    const { user } = await openForm();
    fillValidUsForm();
    await user.click(submitButton());
    expect(await screen.findByText('Something broke')).toBeVisible();
    expect(submitButton()).not.toHaveAttribute('aria-busy');
  });

  it('the international variant asks no SSN or citizenship and checks an international phone', async () => {
    serve({
      application: makeApplication({
        isInternational: true,
        selectedOffer: makeOffer({ state: null, countryCode: 'GB' }),
      }),
    });
    const { user } = renderApp(`${TEST_APP_PATH}/details`);
    const submit = await screen.findByRole('button', { name: 'Submit my details' }, LOADED);
    expect(screen.queryByLabelText('Social Security number')).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: /US citizen/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: /soft credit/ })).not.toBeInTheDocument();
    expect(field('Country')).toHaveValue('United Kingdom');
    await paste(user, field('Phone number'), '6145550123');
    await user.click(submit);
    expect(field('Phone number')).toHaveAccessibleDescription(
      expect.stringContaining(`Error: ${M.internationalPhoneInvalid}`),
    );
    expect(field('Postal code')).toHaveAccessibleDescription(`Error: ${M.postalCodeRequired}`);
  });
});

describe('after the details are sent', () => {
  async function submitValidForm(options: TServeOptions) {
    const served = serve(options);
    const view = await openForm();
    fillValidUsForm();
    // From here on the clock is the test's: the polling waits on it.
    vi.useFakeTimers();
    fireEvent.click(submitButton());
    await act(() => vi.advanceTimersByTimeAsync(0));
    return { ...served, ...view };
  }

  it('shows the credit check in progress and polls 20 times at 100 ms, then 10 times at 2 s, then says so and leads to the dashboard', async () => {
    const { callsTo, router } = await submitValidForm({ states: ['SOFT_CREDIT'] });
    expect(screen.getByRole('status')).toHaveTextContent('Checking your credit…');
    expect(screen.queryByRole('button', { name: /Submit/ })).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(NEXT_STEP_POLL_MS * NEXT_STEP_POLL_MAX_TRIES));
    expect(callsTo('GET', KRANG_PATH)).toBe(NEXT_STEP_POLL_MAX_TRIES);
    await act(() => vi.advanceTimersByTimeAsync(DETAILS_POLL_MS * (DETAILS_POLL_MAX_TRIES - 1)));
    expect(callsTo('GET', KRANG_PATH)).toBe(NEXT_STEP_POLL_MAX_TRIES + DETAILS_POLL_MAX_TRIES - 1);
    expect(currentUrl(router)).toBe(`${TEST_APP_PATH}/details`);
    await act(() => vi.advanceTimersByTimeAsync(DETAILS_POLL_MS));
    expect(callsTo('GET', KRANG_PATH)).toBe(NEXT_STEP_POLL_MAX_TRIES + DETAILS_POLL_MAX_TRIES);
    // Told what is happening before going anywhere.
    await vi.waitFor(() =>
      expect(screen.getByText('Your credit check is taking longer than usual')).toBeVisible(),
    );
    expect(currentUrl(router)).toBe(`${TEST_APP_PATH}/details`);
    const next = screen.getByRole('link', { name: 'Go to your dashboard' });
    expect(next).toHaveFocus();
    fireEvent.click(next);
    await vi.waitFor(() => expect(currentUrl(router)).toBe('/dashboard'));
  });

  it.each<[TApplicationState, string]>([
    ['SIGN_DOCS', `${TEST_APP_PATH}/next-steps`],
    ['SOFT_CREDIT_NO_MATCH', `${TEST_APP_PATH}/credit-no-match`],
    ['SOFT_CREDIT_LOCKED', `${TEST_APP_PATH}/credit-locked`],
    ['SOFT_CREDIT_FROZEN', `${TEST_APP_PATH}/credit-frozen`],
    ['DECLINED', `${TEST_APP_PATH}/decline`],
  ])('goes on once the state is %s (to %s)', async (state, target) => {
    const { router, callsTo } = await submitValidForm({
      states: ['ATTACH_PROFILE', 'SOFT_CREDIT', state],
    });
    await act(() => vi.advanceTimersByTimeAsync(NEXT_STEP_POLL_MS * 3));
    expect(callsTo('GET', KRANG_PATH)).toBe(3);
    await vi.waitFor(() => expect(currentUrl(router)).toBe(target));
    expect(callsTo('GET', KRANG_PATH)).toBe(3);
  });

  it('keeps waiting when the check outlasts the fast polls', async () => {
    const { router } = await submitValidForm({
      states: [
        ...Array<TApplicationState>(NEXT_STEP_POLL_MAX_TRIES + 1).fill('SOFT_CREDIT'),
        'SIGN_DOCS',
      ],
    });
    await act(() => vi.advanceTimersByTimeAsync(NEXT_STEP_POLL_MS * NEXT_STEP_POLL_MAX_TRIES));
    expect(currentUrl(router)).toBe(`${TEST_APP_PATH}/details`);
    await act(() => vi.advanceTimersByTimeAsync(DETAILS_POLL_MS * 2));
    await vi.waitFor(() => expect(currentUrl(router)).toBe(`${TEST_APP_PATH}/next-steps`));
  });

  it('waits for the decision of details sent before (a second tab), instead of refusing', async () => {
    const { router } = await submitValidForm({
      onDetails: () =>
        jsonResponse(
          { code: 'DETAILS_PROCESSING', message: 'Your details were already submitted' },
          409,
        ),
      states: ['SOFT_CREDIT', 'SOFT_CREDIT_LOCKED'],
    });
    // The state is read once on the refusal: the server is still deciding, so the page waits.
    await vi.waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent('Checking your credit…'),
    );
    await vi.waitFor(() => expect(currentUrl(router)).toBe(`${TEST_APP_PATH}/credit-locked`));
    expect(screen.queryByText('Your details were already submitted')).not.toBeInTheDocument();
  });
});

describe('opening the page in other states', () => {
  it('resumes waiting when the server is still deciding', async () => {
    serve({
      application: makeApplication({ state: 'SOFT_CREDIT', stage: 'APPLYING' }),
      states: ['SOFT_CREDIT_FROZEN'],
    });
    const { router } = renderApp(`${TEST_APP_PATH}/details`);
    expect(await screen.findByText('Checking your credit…', {}, LOADED)).toBeVisible();
    await waitFor(() => expect(currentUrl(router)).toBe(`${TEST_APP_PATH}/credit-frozen`), LOADED);
  });

  it('goes to the page of a decision already made', async () => {
    serve({ application: makeApplication({ state: 'SIGN_DOCS', stage: 'PROCESSING' }) });
    const { router } = renderApp(`${TEST_APP_PATH}/details`);
    await waitFor(() => expect(currentUrl(router)).toBe(`${TEST_APP_PATH}/next-steps`), LOADED);
  });

  it('asks for an offer first when none was accepted', async () => {
    serve({ application: makeApplication({ state: 'CREATED', selectedOffer: null }) });
    renderApp(`${TEST_APP_PATH}/details`);
    expect(await screen.findByText('Choose your offer first', {}, LOADED)).toBeVisible();
    expect(
      within(screen.getByRole('main')).getByRole('link', { name: 'Go to your offer' }),
    ).toHaveAttribute('href', '/account/crypto-backed-loan/residency');
  });
});
