import { lazy, Suspense, useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import type { TPostRatesBody, TPostRequestedOfferBody } from '@pledge/contract';
import {
  centsToUsd,
  COLLATERAL_DISPLAY_NAMES,
  COLLATERAL_TYPES,
  formatLoanLimit,
  formatWholeNumber,
  MAX_COLLATERAL_DECIMALS,
  OFFER_INPUT_DEBOUNCE_MS,
  OFFER_REFUSAL_MESSAGES,
  OFFERED_COLLATERAL_TYPES,
  parseCashInput,
  usdToCents,
  type TLoanLimitsUsd,
  type TOfferedCollateralType,
  type TOfferResult,
  type TResidence,
} from '@pledge/domain';
import { useBrand } from '../../../brand/brand-context.js';
import { paths } from '../../../config/paths.js';
import { Alert } from '../../../ui/alert/alert.js';
import { Button } from '../../../ui/button/button.js';
import { NumericField } from '../../../ui/numeric-field/numeric-field.js';
import { Select, type TSelectOption } from '../../../ui/select/select.js';
import { Slider } from '../../../ui/slider/slider.js';
import { useCryptoValues } from '../../prices/api/get-crypto-values.js';
import { useRates } from '../../prices/api/post-rates.js';
import {
  clearContinueAfterSignIn,
  isContinueAfterSignIn,
  markContinueAfterSignIn,
} from '../continue-after-sign-in.js';
import { CONTINUE_STEP_TEXT } from '../continue-steps.js';
import { formatDollars, formatQuoteTime } from '../format-amounts.js';
import { useDebouncedValue } from '../hooks/use-debounced-value.js';
import { useLoanLimits } from '../hooks/use-loan-limits.js';
import { useOfferContinue } from '../hooks/use-offer-continue.js';
import { useOfferFormChecks } from '../hooks/use-offer-form-checks.js';
import { useOfferResults } from '../hooks/use-offer-results.js';
import {
  offerInputsFromQuery,
  queryWithOfferInputs,
  residenceFields,
  type TOfferInputs,
} from '../offer-query.js';
import { LearnMoreLtv } from './learn-more-ltv.js';
import { NoteRef, OFFER_NOTES } from './offer-notes.js';
import { OfferTerms } from './offer-terms.js';

// Below the offer, and never the first thing read: loaded after the page itself.
const OfferPageExtras = lazy(() => import('./offer-page-extras.js'));

type TField = keyof TOfferInputs;
type TFieldErrors = Partial<Record<TField, string>>;

/** Slider drags land on whole hundreds of dollars; arrow keys still move by one dollar. */
const SLIDER_ROUNDING_USD = 100;

const COLLATERAL_OPTIONS: TSelectOption[] = COLLATERAL_TYPES.map((type) => ({
  value: type,
  label: `${type} ${COLLATERAL_DISPLAY_NAMES[type]}`,
  // SOL is shown as a name only (document 1 §1): it is never offered.
  isDisabled: !(OFFERED_COLLATERAL_TYPES as readonly string[]).includes(type),
}));

const EMPTY_HINT = 'Enter your collateral and the cash you would like to borrow to see your offer.';

function isOfferedType(value: string): value is TOfferedCollateralType {
  return (OFFERED_COLLATERAL_TYPES as readonly string[]).includes(value);
}

function sliderDollars(cashToBorrow: string, limits: TLoanLimitsUsd): number {
  const cents = parseCashInput(cashToBorrow);
  if (cents === null) return limits.min;
  return Math.min(limits.max, Math.max(limits.min, Math.round(centsToUsd(cents))));
}

function sliderCash(next: number, previous: number, limits: TLoanLimitsUsd): number {
  if (Math.abs(next - previous) <= 1) return next;
  const rounded = Math.round(next / SLIDER_ROUNDING_USD) * SLIDER_ROUNDING_USD;
  return Math.min(limits.max, Math.max(limits.min, rounded));
}

const PRICING_HINT = 'Working out your offer…';
const PRICING_FAILED_HINT =
  'Your offer cannot be worked out until the rates load. Try again above.';

/** Where the offer stands once both amounts are entered and valid. */
type TPricing = 'no-amounts' | 'pricing' | 'failed';

function termsHint(
  result: TOfferResult | null,
  type: TOfferedCollateralType,
  pricing: TPricing,
): string {
  if (result !== null && !result.eligible && result.additionalCoinQuantityNeeded !== undefined) {
    return `Add ${result.additionalCoinQuantityNeeded} ${type} of collateral, or borrow less, to get an offer.`;
  }
  // The amounts are there: the panel says what it is waiting for, not to enter them again.
  if (pricing === 'failed') return PRICING_FAILED_HINT;
  if (pricing === 'pricing' && result === null) return PRICING_HINT;
  return EMPTY_HINT;
}

export interface TOfferFormProps {
  residence: TResidence;
  /** The residence's name, as the page shows it ("Ohio"). */
  residenceName: string;
  /** Whether the borrower is signed in; 'pending' while a held sign-in is being checked. */
  sessionStatus: 'signed-in' | 'signed-out' | 'pending';
  /** Sends the borrower to sign in, returning to the given path of this site. */
  startSignIn: (returnPath: string) => void;
}

/**
 * The offer page (document 1 §2, §5): collateral and cash in, the live rate table and the terms of
 * the offer out, and Continue into the application.
 */
export function OfferForm({
  residence,
  residenceName,
  sessionStatus,
  startSignIn,
}: TOfferFormProps) {
  const isSignedIn = sessionStatus === 'signed-in';
  const brand = useBrand();
  const formId = useId();
  const { pathname } = useLocation();
  const [searchParams, setSearchParams] = useSearchParams();
  const [inputs, setInputs] = useState<TOfferInputs>(() => offerInputsFromQuery(searchParams));
  const [settled, settleNow] = useDebouncedValue(inputs, OFFER_INPUT_DEBOUNCE_MS);
  const [blurred, setBlurred] = useState<Partial<Record<TField, boolean>>>({});
  const limits = useLoanLimits(residence);
  const residenceQuery = useMemo(() => residenceFields(residence), [residence]);
  const continueFlow = useOfferContinue({ forceWebParam: searchParams.get('forceWeb') });
  const runContinue = continueFlow.run;

  const cryptoValues = useCryptoValues(
    useMemo(() => ({ ...residenceQuery, orgCode: brand.orgCode }), [residenceQuery, brand.orgCode]),
  );
  const minCoinQuantity = useMemo(() => {
    const byType: Partial<Record<TOfferedCollateralType, string>> = {};
    for (const value of cryptoValues.data?.cryptoValues ?? []) {
      if (isOfferedType(value.collateralType)) byType[value.collateralType] = value.minCoinQuantity;
    }
    return byType;
  }, [cryptoValues.data]);

  // Loaded right after the first render: until then nothing is checked and nothing priced.
  const checks = useOfferFormChecks();
  const form = useMemo(
    () =>
      checks
        ?.makeOfferFormSchema({
          minLoanUsd: limits.min,
          maxLoanUsd: limits.max,
          minCoinQuantity,
        })
        .safeParse(settled),
    [checks, limits.min, limits.max, minCoinQuantity, settled],
  );
  const errors = useMemo(() => {
    const byField: TFieldErrors = {};
    if (form === undefined || form.success) return byField;
    for (const issue of form.error.issues) {
      const field = issue.path[0];
      if (typeof field === 'string' && field in settled) byField[field as TField] ??= issue.message;
    }
    return byField;
  }, [form, settled]);
  const shownError = (field: TField) =>
    blurred[field] === true || settled[field].trim() !== '' ? (errors[field] ?? null) : null;

  const ratesRequest = useMemo(() => {
    const coinQuantity = checks?.pricableCoinQuantity(settled.collateralAmount) ?? null;
    if (coinQuantity === null) return null;
    const requestedCents = parseCashInput(settled.cashToBorrow);
    const body: TPostRatesBody = {
      ...residenceQuery,
      coinQuantity,
      collateralType: settled.collateralType,
      ...(requestedCents !== null && requestedCents > 0
        ? { requestedAmount: centsToUsd(requestedCents) }
        : {}),
    };
    return { query: { orgCode: brand.orgCode }, body };
  }, [checks, settled, residenceQuery, brand.orgCode]);
  const rates = useRates(ratesRequest);
  const currentRates = ratesRequest !== null && !rates.isPlaceholderData ? rates.data : undefined;
  // The offer maths and the rate table: there is nothing for them to show before rates arrive.
  const results = useOfferResults();

  const offerResult = useMemo((): TOfferResult | null => {
    if (form?.success !== true || currentRates === undefined || results === undefined) {
      return null;
    }
    const { cashToBorrow, collateralAmount, collateralType } = form.data;
    if (cashToBorrow === null || collateralAmount === null) return null;
    return results.computeOffer({
      drawCents: cashToBorrow,
      collateralType,
      coinQuantity: collateralAmount,
      priceCents: usdToCents(currentRates.valueOfOne),
      residence,
    });
  }, [form, currentRates, results, residence]);
  const terms = offerResult?.eligible === true ? offerResult.offer : null;
  const hasValidAmounts =
    form?.success === true &&
    form.data.cashToBorrow !== null &&
    form.data.collateralAmount !== null;
  const pricing: TPricing = !hasValidAmounts
    ? 'no-amounts'
    : (ratesRequest !== null && rates.error !== null) || cryptoValues.error !== null
      ? 'failed'
      : 'pricing';

  const isSettled = inputs === settled;
  // Rates that arrived before the code that shows them: still working on the offer.
  const isShowingRates = ratesRequest !== null && rates.data !== undefined && results !== undefined;
  const awaitsResults = ratesRequest !== null && rates.data !== undefined && results === undefined;
  const isRunning = continueFlow.status.status === 'running';
  const canContinue =
    terms !== null && isSettled && !rates.isFetching && sessionStatus !== 'pending';

  const offerBody = useMemo((): TPostRequestedOfferBody | null => {
    if (terms === null) return null;
    return {
      ...residenceQuery,
      requestedAmount: centsToUsd(terms.drawAmountCents),
      collateralType: terms.collateralType,
      coinQuantity: terms.collateralUnits,
    };
  }, [terms, residenceQuery]);

  function onContinue() {
    if (!canContinue || offerBody === null) return;
    if (!isSignedIn) {
      // The inputs go into the address, so that signing in returns to them.
      const query = queryWithOfferInputs(searchParams, settled);
      const returnPath = `${pathname}?${query.toString()}`;
      setSearchParams(query, { replace: true });
      markContinueAfterSignIn(returnPath);
      startSignIn(returnPath);
      return;
    }
    void runContinue(offerBody);
  }

  // Back from signing in after pressing Continue: carry on as soon as the offer is priced again.
  const autoContinue = useRef<boolean | null>(null);
  useEffect(() => {
    if (autoContinue.current === null) {
      autoContinue.current = isContinueAfterSignIn(`${pathname}?${searchParams.toString()}`);
    }
    if (!autoContinue.current || !isSignedIn || !canContinue || offerBody === null) return;
    autoContinue.current = false;
    clearContinueAfterSignIn();
    void runContinue(offerBody);
  }, [pathname, searchParams, isSignedIn, canContinue, offerBody, runContinue]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onContinue();
  }

  function onTypeChange(value: string) {
    if (!isOfferedType(value) || value === inputs.collateralType) return;
    // A new coin makes both amounts meaningless (document 1 §5).
    const next: TOfferInputs = { collateralType: value, collateralAmount: '', cashToBorrow: '' };
    setInputs(next);
    settleNow(next);
    setBlurred({});
  }

  function onAmountChange(field: 'collateralAmount' | 'cashToBorrow', text: string) {
    setInputs((current) => ({ ...current, [field]: text }));
  }

  function onBlur(field: TField) {
    // Leaving a field is done typing in it: no need to wait for the debounce.
    settleNow(inputs);
    setBlurred((current) => (current[field] === true ? current : { ...current, [field]: true }));
  }

  const sliderValue = sliderDollars(inputs.cashToBorrow, limits);
  const type = inputs.collateralType;
  const quote =
    currentRates !== undefined && currentRates.valueOfOne > 0
      ? { valueOfOne: currentRates.valueOfOne, priceAsOf: currentRates.priceAsOf }
      : cryptoValues.data?.cryptoValues.find((value) => value.collateralType === type);
  const failure = continueFlow.status.status === 'failed' ? continueFlow.status.messages : null;

  return (
    <>
      <p className="offer__residence">
        Offers for residents of {residenceName}.{' '}
        <Link to={`${paths.residency.getHref()}?${new URLSearchParams(residenceQuery).toString()}`}>
          Change where you live
        </Link>
      </p>
      <div className="offer">
        <div className="offer__inputs">
          <form id={formId} className="offer-form" noValidate onSubmit={onSubmit}>
            <Select
              label="Collateral type"
              name="collateralType"
              options={COLLATERAL_OPTIONS}
              value={type}
              description={OFFER_REFUSAL_MESSAGES.UNSUPPORTED_COLLATERAL}
              isRequired
              error={shownError('collateralType')}
              onValueChange={onTypeChange}
            />
            <NumericField
              label={`Collateral amount (${type})`}
              name="collateralAmount"
              suffix={type}
              maxDecimals={MAX_COLLATERAL_DECIMALS}
              value={inputs.collateralAmount}
              isRequired
              description={
                quote === undefined ? (
                  cryptoValues.isPending ? (
                    'Loading prices…'
                  ) : undefined
                ) : (
                  <>
                    1 {type} = {formatDollars(quote.valueOfOne)}. Price as of{' '}
                    {formatQuoteTime(quote.priceAsOf)}.
                    <NoteRef note={OFFER_NOTES.collateral} />
                  </>
                )
              }
              error={shownError('collateralAmount')}
              onValueChange={(text) => onAmountChange('collateralAmount', text)}
              onBlur={() => onBlur('collateralAmount')}
            />
            <NumericField
              label="Cash to borrow (US dollars)"
              name="cashToBorrow"
              prefix="$"
              allowCommas
              maxDecimals={2}
              value={inputs.cashToBorrow}
              isRequired
              description={`From ${formatLoanLimit(limits.min)} to ${formatLoanLimit(limits.max)}`}
              error={shownError('cashToBorrow')}
              onValueChange={(text) => onAmountChange('cashToBorrow', text)}
              onBlur={() => onBlur('cashToBorrow')}
            />
            <Slider
              label="Adjust cash to borrow"
              min={limits.min}
              max={limits.max}
              value={sliderValue}
              onValueChange={(dollars) =>
                onAmountChange(
                  'cashToBorrow',
                  formatWholeNumber(sliderCash(dollars, sliderValue, limits)),
                )
              }
            />
          </form>
          {cryptoValues.error !== null && (
            <Alert variant="error" title="Prices could not be loaded.">
              <p>{cryptoValues.error.message}</p>
              <Button
                variant="secondary"
                isFullWidth={false}
                onClick={() => void cryptoValues.refetch()}
              >
                Try again
              </Button>
            </Alert>
          )}
          {ratesRequest !== null && rates.error !== null && (
            <Alert variant="error" title="Rates could not be loaded.">
              <p>{rates.error.message}</p>
              <Button variant="secondary" isFullWidth={false} onClick={() => void rates.refetch()}>
                Try again
              </Button>
            </Alert>
          )}
        </div>
        <div className="offer__summary">
          <OfferTerms
            terms={
              terms === null || results === undefined ? null : (
                <results.OfferTermsList terms={terms} />
              )
            }
            hint={termsHint(offerResult, type, pricing)}
            isUpdating={!isSettled || rates.isFetching || awaitsResults}
          >
            {terms !== null && results !== undefined && currentRates !== undefined && (
              <>
                <results.TruthInLendingBox offer={terms} />
                <results.OfferWhatIf
                  terms={terms}
                  priceCents={usdToCents(currentRates.valueOfOne)}
                />
              </>
            )}
            <LearnMoreLtv />
          </OfferTerms>
          {failure !== null && (
            <Alert variant="error" title="Your offer could not be accepted.">
              {failure.map((message) => (
                <p key={message}>{message}</p>
              ))}
            </Alert>
          )}
          <Button type="submit" form={formId} disabled={!canContinue} isLoading={isRunning}>
            Continue
          </Button>
          <p className="offer__status" role="status">
            {continueFlow.status.status === 'running' && continueFlow.status.step !== null
              ? CONTINUE_STEP_TEXT[continueFlow.status.step]
              : ''}
          </p>
        </div>
        <div className="offer__rates">
          {ratesRequest !== null && (rates.isPending || awaitsResults) && (
            <p className="loading" role="status">
              Loading rates…
            </p>
          )}
          {isShowingRates && (
            <results.RateTable
              rates={rates.data.rates}
              eligibleTierId={
                ratesRequest.body.requestedAmount === undefined ? null : rates.data.eligibleTierId
              }
              collateralType={ratesRequest.body.collateralType}
              isUpdating={rates.isPlaceholderData || rates.isFetching}
            />
          )}
        </div>
      </div>
      <Suspense fallback={null}>
        <OfferPageExtras showShortFaq={!brand.flags.marketsCredit} />
      </Suspense>
    </>
  );
}
