import type { ReactNode } from 'react';
import type { TBrand } from '@pledge/contract';
import {
  ACH_FUNDS_BUSINESS_DAYS,
  bpsOf,
  COLLATERAL_DEADLINE_CALENDAR_DAYS,
  COLLATERAL_DISPLAY_NAMES,
  COLLATERAL_RETURN_BUSINESS_DAYS,
  COURTESY_NOTICE_BELOW_MARGIN_CALL_PCT,
  courtesyNoticeLtvPct,
  CREDIT_UNLOCKED_DAYS,
  CRYPTO_HOLD_AFTER_ACH_PAYOFF_DAYS,
  CRYPTO_HOLD_AFTER_WIRE_PAYOFF_DAYS,
  DEFAULT_MAX_LOAN_USD,
  DEFAULT_MIN_LOAN_USD_DOMESTIC,
  DEFAULT_MIN_LOAN_USD_INTERNATIONAL,
  DISBURSEMENT_AFTER_VERIFY_BUSINESS_DAYS,
  LIQUIDATION_PROCESSING_FEE_BPS,
  listInWords,
  LOAN_TERM_MONTHS,
  formatRateBps,
  MARGIN_CALL_CURE_HOURS,
  MAX_INITIAL_LTV_PCT,
  MICRO_TRANSFER_BUSINESS_DAYS,
  MIN_BORROWER_AGE_YEARS,
  OFFERED_COLLATERAL_TYPES,
  ORIGINATION_FEE_DOMESTIC_BPS,
  ORIGINATION_FEE_INTERNATIONAL_BPS,
  RATE_TIERS,
  REBALANCE_BELOW_LTV_PCT,
  STATE_MIN_LOAN_USD,
  UNSERVICED_STATE_CODES,
  type TBusinessDayRange,
  type TUsStateCode,
} from '@pledge/domain';
import { offersInternational } from '../../residency/offers-international.js';
import { FAQ_QUESTIONS, type TFaqQuestionKey } from '../faq-questions.js';
import { dollarsFromCents, originationFeeRules, percentFromBps, stateName } from '../loan-facts.js';

export interface TFaqItem {
  id: string;
  question: string;
  answer: ReactNode;
}

export interface TFaqSection {
  id: string;
  title: string;
  items: TFaqItem[];
}

/** The spec's fee example: a $10,000 draw (document 1 §9). */
const FEE_EXAMPLE_CENTS = 1_000_000;

function businessDays({ min, max }: TBusinessDayRange): string {
  return `${min}-${max} business days`;
}

function dollars(usd: number): string {
  return dollarsFromCents(usd * 100);
}

function item(key: TFaqQuestionKey, answer: ReactNode): TFaqItem {
  return { ...FAQ_QUESTIONS[key], answer };
}

function SupportContacts({ brand }: { brand: TBrand }) {
  return (
    <>
      call <a href={`tel:${brand.supportPhone.replace(/[^\d+]/g, '')}`}>{brand.supportPhone}</a> or
      email <a href={`mailto:${brand.supportEmail}`}>{brand.supportEmail}</a>
    </>
  );
}

function MinimumLoanTable() {
  const rows = (Object.entries(STATE_MIN_LOAN_USD) as [TUsStateCode, number][]).sort(
    ([, a], [, b]) => a - b,
  );
  return (
    <div className="faq__table-wrap">
      <table className="faq__table">
        <caption>States with a higher minimum loan</caption>
        <thead>
          <tr>
            <th scope="col">State</th>
            <th scope="col">Minimum loan</th>
          </tr>
        </thead>
        <tbody>
          {rows.map(([state, usd]) => (
            <tr key={state}>
              <th scope="row">{stateName(state)}</th>
              <td>{dollars(usd)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function RateTiersList() {
  return (
    <ul>
      {RATE_TIERS.map((tier, index) => {
        const previous = RATE_TIERS[index - 1];
        const range =
          previous === undefined
            ? `up to ${tier.maxInitialLtvPct}%`
            : `above ${previous.maxInitialLtvPct}% and up to ${tier.maxInitialLtvPct}%`;
        return (
          <li key={tier.id}>
            <strong>{formatRateBps(tier.interestRateBps)}</strong> when your initial LTV is {range}.
          </li>
        );
      })}
    </ul>
  );
}

function LtvLevelsTable() {
  return (
    <div className="faq__table-wrap">
      <table className="faq__table">
        <caption>LTV levels by interest rate</caption>
        <thead>
          <tr>
            <th scope="col">Rate</th>
            <th scope="col">Courtesy notice</th>
            <th scope="col">Margin call</th>
            <th scope="col">Liquidation</th>
          </tr>
        </thead>
        <tbody>
          {RATE_TIERS.map((tier) => (
            <tr key={tier.id}>
              <th scope="row">{formatRateBps(tier.interestRateBps)}</th>
              <td>{courtesyNoticeLtvPct(tier)}%</td>
              <td>{tier.marginCallLtvPct}%</td>
              <td>{tier.liquidationLtvPct}%</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * The full FAQ (document 1 §1, §9), in the brand's name. Every figure comes from the domain's
 * constants.
 */
export function faqSections(brand: TBrand): TFaqSection[] {
  const company = brand.companyName;
  const isInternational = offersInternational(brand);
  const coins = listInWords(
    OFFERED_COLLATERAL_TYPES.map((type) => `${COLLATERAL_DISPLAY_NAMES[type]} (${type})`),
  );
  const unserviced = listInWords(UNSERVICED_STATE_CODES.map(stateName));

  return [
    {
      id: 'the-loan',
      title: 'The loan',
      items: [
        item(
          'whatIsIt',
          <>
            <p>
              You pledge cryptocurrency as collateral and borrow US dollars against it, so you get
              cash while you keep your coins. {company} holds your collateral for the term of the
              loan and returns it when the loan is paid off.
            </p>
            <p>
              US residents receive the cash by bank transfer (ACH).
              {isInternational &&
                ' International residents receive USDC at a wallet address they choose.'}
            </p>
          </>,
        ),
        item(
          'whoCanApply',
          <>
            <p>
              US citizens and permanent residents who live in a supported state and are at least{' '}
              {MIN_BORROWER_AGE_YEARS} years old.
              {isInternational && ` ${company} also lends to residents of many other countries.`}
            </p>
            <p>Loans are not currently offered to residents of {unserviced}.</p>
          </>,
        ),
        item('whichCoins', <p>{coins}. Other coins cannot be pledged as collateral.</p>),
        item(
          'howMuch',
          <>
            <p>
              The minimum loan is {dollars(DEFAULT_MIN_LOAN_USD_DOMESTIC)} in most states
              {isInternational &&
                ` and ${dollars(DEFAULT_MIN_LOAN_USD_INTERNATIONAL)} for international residents`}
              . Some states set a higher minimum, listed below.
            </p>
            <p>
              There is no set maximum loan amount: what you can borrow depends on your collateral,
              up to {MAX_INITIAL_LTV_PCT}% of its value. Online applications go up to{' '}
              {dollars(DEFAULT_MAX_LOAN_USD)}; for a larger loan, contact {company}.
            </p>
            <MinimumLoanTable />
          </>,
        ),
        item(
          'term',
          <p>
            Every loan runs for {LOAN_TERM_MONTHS} months at a fixed interest rate that does not
            change during the term.
          </p>,
        ),
      ],
    },
    {
      id: 'rates-and-fees',
      title: 'Rates, payments and fees',
      items: [
        item(
          'rates',
          <>
            <p>
              There are two fixed rates. Which one you get depends on your initial loan-to-value
              (LTV): what you owe at the start, the cash you borrow plus the origination fee,
              divided by the value of your collateral.
            </p>
            <RateTiersList />
            <p>
              No loan is made above an initial LTV of {MAX_INITIAL_LTV_PCT}%. Pledging more
              collateral lowers your LTV and can get you the lower rate.
            </p>
          </>,
        ),
        item(
          'payments',
          <p>
            Payments are interest only: each month you pay that month&apos;s interest, and the
            principal is due at the end of the {LOAN_TERM_MONTHS}-month term.
          </p>,
        ),
        item(
          'deferral',
          <p>
            Yes, interest deferral is available. To arrange it, contact {company}:{' '}
            <SupportContacts brand={brand} />.
          </p>,
        ),
        item(
          'prepayment',
          <p>
            Yes. There is no prepayment penalty: you can pay off all or part of the loan at any
            time.
          </p>,
        ),
        item(
          'originationFee',
          <>
            {originationFeeRules({ isInternationalOffered: isInternational }).map((rule) => (
              <p key={rule}>{rule}</p>
            ))}
            <p>
              For example, on {dollarsFromCents(FEE_EXAMPLE_CENTS)} of cash the fee is{' '}
              {dollarsFromCents(bpsOf(FEE_EXAMPLE_CENTS, ORIGINATION_FEE_DOMESTIC_BPS))}
              {isInternational &&
                ` for a US resident and ${dollarsFromCents(bpsOf(FEE_EXAMPLE_CENTS, ORIGINATION_FEE_INTERNATIONAL_BPS))} for an international resident`}
              .
            </p>
          </>,
        ),
        item(
          'apr',
          <p>
            The annual percentage rate (APR) includes the interest and the origination fee. Because
            the fee is added to the loan, you pay interest on it, so the APR is higher than the
            interest rate. It assumes {LOAN_TERM_MONTHS} monthly interest-only payments with the
            principal repaid with the last one.
          </p>,
        ),
      ],
    },
    {
      id: 'collateral',
      title: 'Collateral',
      items: [
        item(
          'ltv',
          <>
            <p>
              Loan-to-value (LTV) compares what you owe with the value of your collateral: a loan of
              half the collateral&apos;s value has an LTV of 50%. When the price of your coins
              falls, your LTV rises; when it rises, your LTV falls.
            </p>
            <p>
              Your initial LTV, what you owe at the start (the cash you borrow plus the origination
              fee) divided by the value of your collateral, sets your interest rate and can be at
              most {MAX_INITIAL_LTV_PCT}%. It is the LTV your loan page shows on its first day.
            </p>
          </>,
        ),
        item(
          'marginCall',
          <>
            <p>
              When your LTV comes within {COURTESY_NOTICE_BELOW_MARGIN_CALL_PCT}% of the margin call
              level, {company} sends you a courtesy notice.
            </p>
            <p>
              At the margin call level you have {MARGIN_CALL_CURE_HOURS} hours to bring your LTV
              back down, by adding collateral or paying down the loan. If you do not, or if your LTV
              reaches the liquidation level, your collateral may be sold to repay the loan.
            </p>
            <LtvLevelsTable />
          </>,
        ),
        item(
          'liquidationFee',
          <p>
            Yes. A liquidation processing fee of {percentFromBps(LIQUIDATION_PROCESSING_FEE_BPS)} of
            the amount liquidated applies:{' '}
            {dollarsFromCents(bpsOf(FEE_EXAMPLE_CENTS, LIQUIDATION_PROCESSING_FEE_BPS))} on{' '}
            {dollarsFromCents(FEE_EXAMPLE_CENTS)} of collateral sold.
          </p>,
        ),
        item(
          'rebalancing',
          <p>
            When your LTV falls below {REBALANCE_BELOW_LTV_PCT}%, you can rebalance: take some
            collateral back or borrow more against it.
          </p>,
        ),
        item(
          'sendCollateral',
          <p>
            After you sign your loan agreement, send the collateral to the deposit address shown in
            your application within {COLLATERAL_DEADLINE_CALENDAR_DAYS} calendar days. If it does
            not arrive in time, the application is cancelled.
          </p>,
        ),
        item(
          'collateralReturn',
          <>
            <p>
              Once your loan is paid off and you give a return address, your collateral is returned
              within {COLLATERAL_RETURN_BUSINESS_DAYS} business day.
            </p>
            <p>
              If you paid off by bank transfer (ACH), the collateral is held for{' '}
              {CRYPTO_HOLD_AFTER_ACH_PAYOFF_DAYS} days first, the time a transfer can still be
              reversed; after a wire, for {CRYPTO_HOLD_AFTER_WIRE_PAYOFF_DAYS} days.
            </p>
          </>,
        ),
      ],
    },
    {
      id: 'applying',
      title: 'Applying and getting your money',
      items: [
        item(
          'credit',
          <p>
            {company} makes a soft credit inquiry, which does not affect your credit score. If your
            credit is locked or frozen, unlock it before you apply and keep it unlocked for{' '}
            {CREDIT_UNLOCKED_DAYS} days after you apply.
          </p>,
        ),
        item(
          'funds',
          <>
            <p>
              Once your collateral has arrived and your application is complete, the cash is sent to
              your bank account and arrives within {businessDays(ACH_FUNDS_BUSINESS_DAYS)}.
            </p>
            {isInternational && (
              <p>
                International residents first receive a small USDC test transfer, within{' '}
                {businessDays(MICRO_TRANSFER_BUSINESS_DAYS)}. After you confirm it, the full amount
                follows within {businessDays(DISBURSEMENT_AFTER_VERIFY_BUSINESS_DAYS)}.
              </p>
            )}
          </>,
        ),
        item(
          'support',
          <p>
            To reach {company}, <SupportContacts brand={brand} />.
          </p>,
        ),
      ],
    },
  ];
}
