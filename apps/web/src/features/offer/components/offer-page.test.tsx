import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  buildPath,
  getCryptoValues,
  getLoanStatus,
  getValidStates,
  postCreateApplication,
  postCreateMobileFlowApplication,
  postRates,
  postRequestedOffer,
  postSelectOffer,
  type TPostRatesBody,
  type TPostRequestedOfferBody,
} from '@pledge/contract';
import {
  computeOffer,
  formatUsd,
  minCoinQuantity,
  OFFER_INPUT_DEBOUNCE_MS,
  parseResidence,
  usdToCents,
} from '@pledge/domain';
import { APP_UUID, makeBrand, OFFER_UUID, VALID_STATES } from '../../../test/fixtures.js';
import { jsonResponse, mockFetch, sentBody } from '../../../test/mock-fetch.js';
import { currentUrl, renderApp } from '../../../test/render-app.js';
import { loanStatus } from '../../loan/loan-test-data.js';
import { browserNavigation } from '../../session/browser-navigation.js';
import { CONTINUE_AFTER_SIGN_IN_KEY } from '../continue-after-sign-in.js';
import {
  application,
  cryptoValuesAnswer,
  offerFor,
  ratesAnswer,
  signIn,
} from '../testing/offer-fixtures.js';
import { LOADED } from '../../../test/loaded.js';

const B = '/account/crypto-backed-loan';
const START_OH = `${B}/start?state=OH`;
const STATES = `GET ${getValidStates.path}`;
const CRYPTO_VALUES = `GET ${getCryptoValues.path}`;
const RATES = `POST ${postRates.path}`;
const CREATE = `POST ${postCreateApplication.path}`;
const CREATE_MOBILE = `POST ${postCreateMobileFlowApplication.path}`;
const REQUESTED_OFFER = `POST ${buildPath(postRequestedOffer.path, { appUuid: APP_UUID })}`;
const SELECT_OFFER = `POST ${buildPath(postSelectOffer.path, { appUuid: APP_UUID })}`;
const LOAN_STATUS = `GET ${getLoanStatus.path}`;

const MARKETS = makeBrand({
  orgCode: 'markets',
  flags: { wholesale: false, marketsCredit: true, general: false },
  mobileApp: {
    iosUrl: 'https://apps.apple.com/app/id100000',
    androidUrl: 'https://play.google.com/store/apps/details?id=example.markets',
  },
});

type THandlers = Parameters<typeof mockFetch>[0];

interface TCalls {
  rates: TPostRatesBody[];
  ratesOrgCodes: (string | null)[];
  create: { flow: 'web' | 'mobile-flow'; key: string | null; body: unknown }[];
  requested: TPostRequestedOfferBody[];
  select: unknown[];
  loanStatus: number;
}

/** The offer page's server, answering by the domain's rules; `extra` replaces or adds answers. */
function mockOfferApi(extra: THandlers = {}): TCalls {
  const calls: TCalls = {
    rates: [],
    ratesOrgCodes: [],
    create: [],
    requested: [],
    select: [],
    loanStatus: 0,
  };
  const create =
    (flow: 'web' | 'mobile-flow') =>
    (_url: URL, init: RequestInit): Response => {
      calls.create.push({
        flow,
        key: new Headers(init.headers).get('Idempotency-Key'),
        body: sentBody(init),
      });
      return jsonResponse(application(), 201);
    };
  mockFetch({
    [STATES]: () => jsonResponse(VALID_STATES),
    [CRYPTO_VALUES]: (url) => cryptoValuesAnswer(url),
    [RATES]: (url, init) => {
      const body = sentBody<TPostRatesBody>(init);
      calls.rates.push(body);
      calls.ratesOrgCodes.push(url.searchParams.get('orgCode'));
      return jsonResponse(ratesAnswer(body));
    },
    [CREATE]: create('web'),
    [CREATE_MOBILE]: create('mobile-flow'),
    [REQUESTED_OFFER]: (_url, init) => {
      const body = sentBody<TPostRequestedOfferBody>(init);
      calls.requested.push(body);
      return jsonResponse(application({ offers: [offerFor(body)] }));
    },
    [SELECT_OFFER]: (_url, init) => {
      calls.select.push(sentBody(init));
      return jsonResponse(application({ state: 'OFFER_ACCEPTED', stage: 'APPLYING' }));
    },
    [LOAN_STATUS]: () => {
      calls.loanStatus += 1;
      return jsonResponse({ loans: [] });
    },
    ...extra,
  });
  return calls;
}

async function fields() {
  const collateral = await screen.findByRole('textbox', { name: /Collateral amount/ }, LOADED);
  return {
    type: screen.getByRole('combobox', { name: /Collateral type/ }),
    collateral,
    cash: screen.getByRole('textbox', { name: /Cash to borrow/ }),
    slider: screen.getByRole('slider', { name: 'Adjust cash to borrow' }),
    continueButton: screen.getByRole('button', { name: 'Continue' }),
  };
}

function terms() {
  return screen.getByRole('region', { name: 'Terms of your offer' });
}

function term(label: string): string {
  const row = within(terms()).getByText(label, { selector: 'dt' }).closest('div');
  return row?.querySelector('dd')?.textContent ?? '';
}

/**
 * The whole app at a URL, on a clock of the test's that runs as time does: `settle` jumps over the
 * debounce of the inputs instead of waiting for it, and user-event's own waits move the clock.
 */
function showOffer(url: string, options: Parameters<typeof renderApp>[1] = {}) {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  return renderApp(url, { ...options, advanceTimers: vi.advanceTimersByTime });
}

/** Types into one amount of a fresh Ohio offer, leaves it, and waits for the error it gets. */
async function typeAndLeave(name: 'collateral' | 'cash', typed: string, message: string) {
  const { user } = showOffer(START_OH);
  const field = (await fields())[name];
  field.focus();
  if (typed !== '') await user.type(field, typed);
  await user.tab();
  await waitFor(() =>
    expect(field).toHaveAccessibleDescription(expect.stringContaining(`Error: ${message}`)),
  );
  return field;
}

/** The inputs have settled: the debounce before the rates are asked for is over. */
async function settle() {
  await act(() => vi.advanceTimersByTimeAsync(OFFER_INPUT_DEBOUNCE_MS));
}

async function fillOffer(
  user: ReturnType<typeof renderApp>['user'],
  collateral: string,
  cash: string,
) {
  const inputs = await fields();
  await user.type(inputs.collateral, collateral);
  await user.type(inputs.cash, cash);
  await settle();
  return inputs;
}

const OH_MIN_BTC = minCoinQuantity({
  priceCents: usdToCents(60000),
  residence: parseResidence({ state: 'OH' }),
});

const OH_1_BTC_20000 = computeOffer({
  drawCents: usdToCents(20000),
  collateralType: 'BTC',
  coinQuantity: '1',
  priceCents: usdToCents(60000),
  residence: parseResidence({ state: 'OH' }),
});

afterEach(() => {
  vi.useRealTimers();
  sessionStorage.clear();
});

// The whole app renders in each test, on shared machines: allow for slow first loads.
const SLOW = { timeout: 20_000 };
configure({ asyncUtilTimeout: 5000 });

describe('the offer form', SLOW, () => {
  beforeEach(() => {
    mockOfferApi();
  });

  it('offers BTC and ETH, and shows SOL as a name only', async () => {
    showOffer(START_OH);
    const { type } = await fields();
    const options = within(type).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'BTC Bitcoin',
      'ETH Ethereum',
      'SOL Solana',
    ]);
    expect(options.map((option) => (option as HTMLOptionElement).disabled)).toEqual([
      false,
      false,
      true,
    ]);
    expect(type).toHaveValue('BTC');
    expect(type).toHaveAccessibleDescription('Loans are offered against BTC or ETH only');
  });

  it.each([
    ['nothing', '', 'Enter an Amount'],
    ['zero', '0', 'Enter an Amount'],
    ['a bare point', '.', 'Enter an Amount'],
    ['less than the least coin quantity', '0.1', `Min. ${OH_MIN_BTC} BTC`],
  ])('says what is wrong with %s as collateral', async (_, typed, message) => {
    const collateral = await typeAndLeave('collateral', typed, message);
    expect(collateral).toHaveAttribute('aria-invalid', 'true');
  });

  it('refuses a 7th decimal of collateral and says why', async () => {
    const { user } = showOffer(START_OH);
    const { collateral } = await fields();
    await user.type(collateral, '1.1234567');
    expect(collateral).toHaveValue('1.123456');
    expect(
      screen
        .getAllByRole('status')
        .some((status) => status.textContent?.includes('Maximum of 6 decimal places.')),
    ).toBe(true);
  });

  it('says a collateral amount kept in the address has too many decimals', async () => {
    showOffer(`${START_OH}&collateralAmount=1.1234567&cashToBorrow=20000`);
    const { collateral } = await fields();
    await waitFor(() =>
      expect(collateral).toHaveAccessibleDescription(
        expect.stringContaining('Error: Maximum of 6 decimal places.'),
      ),
    );
  });

  it.each([
    ['nothing', '', 'Enter an amount'],
    ['below the state minimum', '5,000', 'Amount minimum is $5,001'],
    ['above the maximum', '2,000,000.01', 'Amount maximum is $2,000,000'],
  ])('says what is wrong with %s as cash', async (_, typed, message) => {
    await typeAndLeave('cash', typed, message);
  });

  it('strips the commas of the cash and prices the amount', async () => {
    const calls = mockOfferApi();
    const { user } = showOffer(START_OH);
    await fillOffer(user, '1', '20,000');
    await waitFor(() =>
      expect(calls.rates.at(-1)).toEqual({
        state: 'OH',
        coinQuantity: '1',
        collateralType: 'BTC',
        requestedAmount: 20000,
      }),
    );
    expect(calls.ratesOrgCodes.at(-1)).toBe('partner');
  });

  it('shows the rate table with the eligible band, and the terms of the offer', async () => {
    const { user } = showOffer(START_OH);
    await fillOffer(user, '1', '20000');
    const table = await screen.findByRole('table', { name: 'Rates for your collateral' });
    const rows = () => within(table).getAllByRole('row').slice(1);
    await waitFor(() =>
      expect(rows().map((row) => row.textContent)).toEqual([
        // The cash whose loan (with its fee) is up to 50% and 75% of $60,000.
        '8.910%Your rateUp to 50%$5,001 to $29,702None',
        '11.500%50% to 75%$29,703 to $44,554None',
      ]),
    );
    expect(rows()[0]).toHaveAttribute('aria-current', 'true');
    expect(rows()[1]).not.toHaveAttribute('aria-current');

    await waitFor(() => expect(term('Loan amount')).toBe('$20,250.00'));
    if (!OH_1_BTC_20000.eligible) throw new Error('The example must be an offer');
    const offer = OH_1_BTC_20000.offer;
    expect(term('Cash to you')).toBe('$20,000.00');
    expect(term('Interest rate')).toBe('8.910%');
    expect(term('APR')).toBe(`${offer.annualPercentageRatePct}%`);
    expect(term('Origination fee')).toBe('$250.00');
    expect(term('Estimated monthly payment')).toBe(formatUsd(offer.estimatedMonthlyPaymentCents));
    expect(term('Term')).toBe('12 months');
    // $20,250 owed (the fee included) on $60,000.
    expect(term('Loan-to-value (LTV)')).toBe('33.75%');
    expect(term('Liquidation price')).toBe(`${formatUsd(offer.liquidationPriceCents)} per BTC`);
    expect(screen.getByText(/1 BTC = \$60,000\.00\. Price as of/)).toBeInTheDocument();
  });

  it('shows the cost of the credit before sign-in, in the disclosure’s words', async () => {
    const { user } = showOffer(START_OH);
    await fillOffer(user, '1', '20000');
    const box = await screen.findByRole(
      'region',
      { name: 'The cost of your credit' },
      { timeout: 10_000 },
    );
    const figure = (label: string) =>
      within(box).getByText(label, { exact: false, selector: 'dt' }).nextSibling?.textContent;
    if (!OH_1_BTC_20000.eligible) throw new Error('The example must be an offer');
    // Worked out by hand: $20,000 with Ohio's $250 minimum fee is $20,250 owed; a month's interest
    // at 8.91 % is $20,250 × 0.0891 ÷ 12 = $150.35625, $150.36; twelve of them and the $20,250.
    expect(figure('Annual Percentage Rate')).toBe(
      `${OH_1_BTC_20000.offer.annualPercentageRatePct}%`,
    );
    expect(figure('Finance Charge')).toBe('$2,054.32');
    expect(figure('Amount Financed')).toBe('$20,000.00');
    expect(figure('Total of Payments')).toBe('$22,054.32');
    expect(box).toHaveTextContent(
      'Payment schedule: 11 monthly payments of $150.36 (months 1 to 11), then 1 payment of $20,400.36 (month 12).',
    );
    expect(box).toHaveTextContent(
      'Origination fee (a prepaid finance charge, in the finance charge above): $250.00.',
    );
    expect(box).toHaveTextContent(
      'You receive $20,000.00 and pay back $22,054.32 over 12 months: $2,054.32 of interest and fees, of which $250.00 is the origination fee.',
    );
  });

  it('shows what a fall of the price would do to the offered loan, as the risk engine would act', async () => {
    const { user } = showOffer(START_OH);
    await fillOffer(user, '1', '20000');
    const slider = await screen.findByRole(
      'slider',
      { name: 'What if the BTC price falls?' },
      { timeout: 10_000 },
    );
    // $20,250 owed on 1 BTC at $25,000 is 81 %: a margin call. Worked out by hand: q = ($20,250 −
    // 0.5 × $25,000) ÷ ($25,000 × 0.48) = 0.6458333…, 0.645834 up to 6 decimals: $16,145.85, its
    // 2 % $322.92, $15,822.93 repaid; $4,427.07 owed on 0.354166 BTC ($8,854.15) is 49.99994 %.
    fireEvent.change(slider, { target: { value: '25000' } });
    expect(screen.getByTestId('what-if-sentence')).toHaveTextContent(
      'If BTC falls to $25,000 your LTV is 81.00%',
    );
    expect(screen.getByTestId('what-if-sale')).toHaveTextContent(
      'If the margin call is not cured within 48 hours, a liquidation at this price would sell 0.64583400 BTC for $16,145.85; after the processing fee of $322.92, $15,822.93 repays the loan, leaving 0.35416600 BTC as collateral at an LTV of 50.00%.',
    );
  });

  it('keeps Continue disabled until there is an offer', async () => {
    const { user } = showOffer(START_OH);
    const inputs = await fillOffer(user, '1', '50000');
    await screen.findByRole('table', { name: 'Rates for your collateral' });
    expect(
      await screen.findByText('Add 0.122223 BTC of collateral, or borrow less, to get an offer.'),
    ).toBeInTheDocument();
    expect(inputs.continueButton).toBeDisabled();

    await user.clear(inputs.cash);
    await user.type(inputs.cash, '20000');
    await settle();
    await waitFor(() => expect(inputs.continueButton).toBeEnabled());
  });

  it('clears both amounts when the collateral type changes', async () => {
    const { user } = showOffer(START_OH);
    const inputs = await fillOffer(user, '1', '20000');
    await waitFor(() => expect(term('Loan amount')).toBe('$20,250.00'));
    await user.selectOptions(inputs.type, 'ETH');
    expect(inputs.collateral).toHaveValue('');
    expect(inputs.cash).toHaveValue('');
    expect(screen.getByRole('textbox', { name: /Collateral amount \(ETH\)/ })).toBe(
      inputs.collateral,
    );
    expect(screen.queryByRole('table', { name: 'Rates for your collateral' })).toBeNull();
    expect(within(terms()).queryByText('Loan amount')).toBeNull();
    expect(inputs.continueButton).toBeDisabled();
    expect(inputs.collateral).not.toHaveAttribute('aria-invalid');
  });

  it.each([
    ['Ohio', START_OH, 5001, '$5,001'],
    ['California', `${B}/start?state=CA`, 5000, '$5,000'],
    ['an international residence', `${B}/start?countryCode=DE`, 10000, '$10,000'],
  ])('bounds the cash slider by the limits of %s', async (_, url, min, minText) => {
    const { user } = showOffer(url, { brand: makeBrand({ internationalEnabled: true }) });
    const { slider, cash } = await fields();
    await waitFor(() => expect(slider).toHaveAttribute('min', String(min)));
    expect(slider).toHaveAttribute('max', '2000000');
    const footer = slider.nextElementSibling;
    expect(footer).toHaveTextContent(`Minimum ${minText}`);
    expect(footer).toHaveTextContent('Maximum $2,000,000');

    fireEvent.change(slider, { target: { value: '250000' } });
    expect(cash).toHaveValue('250,000');
    await user.clear(cash);
    await user.type(cash, '99999999');
    expect(slider).toHaveValue('2000000');
  });

  it('asks for rates only once the inputs have settled', async () => {
    const calls = mockOfferApi();
    renderApp(START_OH);
    const { collateral, cash } = await fields();
    await waitFor(() => expect(screen.getByText(/Price as of/)).toBeInTheDocument());
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });

    fireEvent.change(collateral, { target: { value: '1' } });
    await act(() => vi.advanceTimersByTimeAsync(OFFER_INPUT_DEBOUNCE_MS - 100));
    fireEvent.change(cash, { target: { value: '20000' } });
    await act(() => vi.advanceTimersByTimeAsync(OFFER_INPUT_DEBOUNCE_MS - 1));
    expect(calls.rates).toEqual([]);

    await act(() => vi.advanceTimersByTimeAsync(1));
    await vi.waitFor(() => expect(calls.rates).toHaveLength(1));
    expect(calls.rates[0]).toMatchObject({ coinQuantity: '1', requestedAmount: 20000 });
  });

  it('shows the short FAQ, linking to the answers', async () => {
    showOffer(START_OH);
    const faq = await screen.findByRole('region', { name: 'Frequently asked questions' });
    expect(within(faq).getByRole('link', { name: 'Who can apply?' })).toHaveAttribute(
      'href',
      `${B}/faq#who-can-apply`,
    );
    expect(within(faq).getByRole('link', { name: 'See all questions' })).toHaveAttribute(
      'href',
      `${B}/faq`,
    );
  });

  it('states the fee rules, the APR basis, the collateral deadline and the liquidation fee', async () => {
    showOffer(START_OH);
    const notes = await screen.findByRole('region', { name: 'Notes' });
    const items = within(notes).getAllByRole('listitem');
    expect(items.map((item) => item.id)).toEqual([
      'offer-note-fee',
      'offer-note-apr',
      'offer-note-collateral',
      'offer-note-liquidation',
    ]);
    expect(items[0]).toHaveTextContent(
      'The origination fee is 1% of the cash you borrow for US residents and 1.5% for international residents.',
    );
    expect(items[0]).toHaveTextContent('Ohio $250');
    expect(items[1]).toHaveTextContent('It assumes 12 monthly interest-only payments');
    expect(items[2]).toHaveTextContent('you have 5 calendar days to send your collateral');
    expect(items[3]).toHaveTextContent('your LTV reaches 90% and your collateral may be sold');
    expect(items[3]).toHaveTextContent(
      'A liquidation processing fee of 2% of the amount liquidated',
    );
  });

  it('hides the short FAQ for a markets-credit brand', async () => {
    showOffer(START_OH, { brand: MARKETS });
    await fields();
    // The footnotes load with the short FAQ; once they are there, the FAQ would be too.
    expect(await screen.findByRole('region', { name: 'Notes' })).toHaveTextContent(
      'A liquidation processing fee of 2% of the amount liquidated applies.',
    );
    expect(screen.queryByRole('region', { name: 'Frequently asked questions' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Who can apply?' })).toBeNull();
  });

  it('explains LTV in the Learn more dialog', async () => {
    const { user } = showOffer(START_OH);
    await fields();
    await user.click(screen.getByRole('button', { name: 'Learn more about loan-to-value' }));
    const dialog = await screen.findByRole('dialog', { name: 'What is loan-to-value (LTV)?' });
    expect(within(dialog).getByRole('table', { name: 'Rates and LTV levels' })).toBeVisible();
  });

  it.each([
    [`${B}/start?state=TX`, 'This state is currently not being serviced'],
    [`${B}/start?state=ZZ`, 'Unknown state'],
    [`${B}/start?countryCode=CU`, 'This country is currently not being serviced'],
  ])('says why %s gets no offers', async (url, message) => {
    showOffer(url, { brand: makeBrand({ internationalEnabled: true }) });
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Choose where you live' })).toHaveAttribute(
      'href',
      `${B}/residency`,
    );
    expect(screen.queryByRole('textbox', { name: /Collateral amount/ })).toBeNull();
  });

  it('refuses international offers for a brand that lends only in the US', async () => {
    showOffer(`${B}/start?countryCode=DE`, { brand: MARKETS });
    expect(
      await screen.findByText('This country is currently not being serviced'),
    ).toBeInTheDocument();
  });

  it('says the offer is being worked out while the rates load', async () => {
    mockOfferApi({ [RATES]: () => new Promise<Response>(() => {}) });
    const { user } = showOffer(START_OH);
    await fillOffer(user, '1', '20000');
    const panel = screen.getByRole('region', { name: 'Terms of your offer' });
    await waitFor(() => expect(panel).toHaveTextContent('Working out your offer…'));
    expect(panel).not.toHaveTextContent(/Enter your collateral/);
  });

  it('says when the rates cannot be loaded and tries again', async () => {
    let isDown = true;
    mockOfferApi({
      [RATES]: (_url, init) =>
        isDown
          ? jsonResponse({ code: 'INTERNAL', message: 'Prices are unavailable' }, 503)
          : jsonResponse(ratesAnswer(sentBody(init))),
    });
    const { user } = showOffer(START_OH);
    await fillOffer(user, '1', '20000');
    // The amounts are entered: the terms panel says what is missing, not to enter them.
    const panel = screen.getByRole('region', { name: 'Terms of your offer' });
    await waitFor(() =>
      expect(panel).toHaveTextContent(
        'Your offer cannot be worked out until the rates load. Try again above.',
      ),
    );
    expect(panel).not.toHaveTextContent(/Enter your collateral/);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Rates could not be loaded.');
    expect(alert).toHaveTextContent('Prices are unavailable');
    isDown = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'Rates for your collateral' })).toBeVisible();
  });
});

describe('Continue', SLOW, () => {
  it('signed out: keeps the inputs in the address and signs in to come back to them', async () => {
    mockOfferApi();
    const assign = vi.spyOn(browserNavigation, 'assign').mockImplementation(() => undefined);
    const post = vi.spyOn(browserNavigation, 'postAndFollow').mockResolvedValue(undefined);
    const { user, router } = showOffer(START_OH);
    const { continueButton } = await fillOffer(user, '1', '20,000');
    await waitFor(() => expect(continueButton).toBeEnabled());
    await user.click(continueButton);

    const back = `${B}/start?state=OH&collateralType=BTC&collateralAmount=1&cashToBorrow=20%2C000`;
    await waitFor(() => expect(assign.mock.calls.length + post.mock.calls.length).toBe(1));
    const target = assign.mock.calls[0]?.[0] ?? post.mock.calls[0]?.[0] ?? '';
    expect(new URL(target, 'http://localhost').searchParams.get('redirectUrl')).toBe(back);
    expect(currentUrl(router)).toBe(back);
    expect(sessionStorage.getItem(CONTINUE_AFTER_SIGN_IN_KEY)).toBe(back);
  });

  it('signed in: creates the application, prices and accepts the offer, then opens the details', async () => {
    const calls = mockOfferApi(signIn());
    const { user, router } = showOffer(START_OH);
    const { continueButton } = await fillOffer(user, '1', '20000');
    await waitFor(() => expect(continueButton).toBeEnabled());
    await user.dblClick(continueButton);

    await waitFor(() => expect(currentUrl(router)).toBe(`${B}/${APP_UUID}/details`));
    expect(calls.create).toEqual([
      {
        flow: 'web',
        key: expect.stringMatching(/^[0-9a-f]{32}$/),
        body: { organization: 'partner' },
      },
    ]);
    expect(calls.requested).toEqual([
      { state: 'OH', requestedAmount: 20000, collateralType: 'BTC', coinQuantity: '1' },
    ]);
    expect(calls.select).toEqual([{ offerUuid: OFFER_UUID }]);
    expect(calls.loanStatus).toBe(0);
  });

  it('carries on by itself after signing in from Continue', async () => {
    const calls = mockOfferApi(signIn());
    const back = `${B}/start?state=OH&collateralType=BTC&collateralAmount=1&cashToBorrow=20%2C000`;
    sessionStorage.setItem(CONTINUE_AFTER_SIGN_IN_KEY, back);
    const { router } = showOffer(back);
    const { collateral, cash } = await fields();
    expect(collateral).toHaveValue('1');
    expect(cash).toHaveValue('20,000');
    await waitFor(() => expect(currentUrl(router)).toBe(`${B}/${APP_UUID}/details`));
    expect(calls.create).toHaveLength(1);
    expect(calls.select).toEqual([{ offerUuid: OFFER_UUID }]);
    expect(sessionStorage.getItem(CONTINUE_AFTER_SIGN_IN_KEY)).toBeNull();
  });

  it("shows the server's refusal and reuses the application on the next try", async () => {
    let refusals = 1;
    const calls = mockOfferApi({
      ...signIn(),
      [REQUESTED_OFFER]: (_url, init) => {
        const body = sentBody<TPostRequestedOfferBody>(init);
        calls.requested.push(body);
        if (refusals > 0) {
          refusals -= 1;
          return jsonResponse(
            {
              code: 'VALIDATION_ERROR',
              message: 'Amount minimum is $5,001',
              fieldErrors: { requestedAmount: ['Amount minimum is $5,001'] },
            },
            400,
          );
        }
        return jsonResponse(application({ offers: [offerFor(body)] }));
      },
    });
    const { user, router } = showOffer(START_OH);
    const { continueButton } = await fillOffer(user, '1', '20000');
    await waitFor(() => expect(continueButton).toBeEnabled());
    await user.click(continueButton);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your offer could not be accepted.');
    expect(alert).toHaveTextContent('Amount minimum is $5,001');

    await user.click(continueButton);
    await waitFor(() => expect(currentUrl(router)).toBe(`${B}/${APP_UUID}/details`));
    expect(calls.create).toHaveLength(1);
    expect(calls.requested).toHaveLength(2);
  });

  it('goes to the mobile app for a brand that has one', async () => {
    const calls = mockOfferApi(signIn());
    const { user, router } = showOffer(START_OH, { brand: MARKETS });
    const { continueButton } = await fillOffer(user, '1', '20000');
    await waitFor(() => expect(continueButton).toBeEnabled());
    await user.click(continueButton);
    await waitFor(() =>
      expect(currentUrl(router)).toBe(`${B}/get-mobile-app?loanAmount=20250&appUuid=${APP_UUID}`),
    );
    expect(calls.loanStatus).toBe(1);
    expect(calls.create.map((call) => call.flow)).toEqual(['mobile-flow']);
    expect(calls.create[0]?.body).toEqual({ organization: 'markets' });
  });

  it('stays on the web when a loan of the borrower is serviced on the web', async () => {
    const webLoan = loanStatus({
      appUuid: OFFER_UUID,
      stage: 'ORIGINATING',
      principalAmount: 10000,
      collateral: { coinQuantity: '1', type: 'BTC' },
      fundedAt: '2029-01-02T15:04:00.000Z',
      maturityDate: '2030-01-02',
    });
    const calls = mockOfferApi({
      ...signIn(),
      [LOAN_STATUS]: () => jsonResponse({ loans: [webLoan] }),
    });
    const { user, router } = showOffer(START_OH, { brand: MARKETS });
    const { continueButton } = await fillOffer(user, '1', '20000');
    await waitFor(() => expect(continueButton).toBeEnabled());
    await user.click(continueButton);
    await waitFor(() => expect(currentUrl(router)).toBe(`${B}/${APP_UUID}/details`));
    expect(calls.create.map((call) => call.flow)).toEqual(['web']);
  });

  it('stays on the web with ?forceWeb=true, without asking for the loans', async () => {
    const calls = mockOfferApi(signIn());
    const { user, router } = showOffer(`${START_OH}&forceWeb=true`, { brand: MARKETS });
    const { continueButton } = await fillOffer(user, '1', '20000');
    await waitFor(() => expect(continueButton).toBeEnabled());
    await user.click(continueButton);
    await waitFor(() => expect(currentUrl(router)).toBe(`${B}/${APP_UUID}/details`));
    expect(calls.create.map((call) => call.flow)).toEqual(['web']);
    expect(calls.loanStatus).toBe(0);
  });
});
