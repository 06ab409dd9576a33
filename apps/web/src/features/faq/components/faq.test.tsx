import { configure, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import {
  COLLATERAL_DEADLINE_CALENDAR_DAYS,
  CREDIT_UNLOCKED_DAYS,
  LOAN_TERM_MONTHS,
  MARGIN_CALL_CURE_HOURS,
  REBALANCE_BELOW_LTV_PCT,
} from '@pledge/domain';
import { makeBrand } from '../../../test/fixtures.js';
import { mockFetch } from '../../../test/mock-fetch.js';
import { renderApp } from '../../../test/render-app.js';
import { FAQ_QUESTIONS } from '../faq-questions.js';
import { expectLinks } from '../../../test/expect-links.js';

configure({ asyncUtilTimeout: 5000 });

const FAQ = '/account/crypto-backed-loan/faq';

beforeEach(() => {
  mockFetch({});
});

async function question(name: string) {
  const summary = await screen.findByText(name, { selector: 'summary' });
  const item = summary.closest('details');
  if (item === null) throw new Error(`No item for ${name}`);
  return item;
}

describe('the FAQ', { timeout: 20_000 }, () => {
  it('has an index of its sections beside them', async () => {
    renderApp(FAQ);
    const index = await screen.findByRole('navigation', { name: 'Topics' });
    const links = within(index).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      'The loan',
      'Rates, payments and fees',
      'Collateral',
      'Applying and getting your money',
    ]);
    for (const link of links) {
      const id = link.getAttribute('href')?.slice(1) ?? '';
      expect(document.getElementById(id)).toHaveAccessibleName(link.textContent ?? '');
    }
  });

  it('lists every question, closed, each opening to its answer', async () => {
    const { user } = renderApp(FAQ);
    for (const { question: text } of Object.values(FAQ_QUESTIONS)) {
      expect(await question(text)).not.toHaveAttribute('open');
    }
    const item = await question(FAQ_QUESTIONS.term.question);
    await user.click(within(item).getByText(FAQ_QUESTIONS.term.question));
    expect(item).toHaveAttribute('open');
    expect(item).toHaveTextContent(`Every loan runs for ${LOAN_TERM_MONTHS} months`);
  });

  it('states the terms of the loan from the domain', async () => {
    renderApp(FAQ);
    await question(FAQ_QUESTIONS.rates.question);
    const text = (key: keyof typeof FAQ_QUESTIONS) =>
      document.getElementById(FAQ_QUESTIONS[key].id)?.textContent ?? '';
    const facts: [keyof typeof FAQ_QUESTIONS, string][] = [
      ['rates', '8.910% when your initial LTV is up to 50%'],
      ['rates', '11.500% when your initial LTV is above 50% and up to 75%'],
      ['payments', 'interest only'],
      ['deferral', 'interest deferral is available'],
      ['prepayment', 'There is no prepayment penalty'],
      ['originationFee', 'It is added to your loan amount'],
      [
        'originationFee',
        'No origination fee is charged in Alabama, Kansas, Minnesota, North Carolina, and Wisconsin.',
      ],
      ['originationFee', 'Iowa $30, Indiana $200, Michigan $400, Missouri $100, and Ohio $250'],
      ['originationFee', 'In New York the fee is 0.85% of the cash you borrow.'],
      ['originationFee', 'on $10,000 of cash the fee is $100'],
      ['liquidationFee', '2% of the amount liquidated applies: $200'],
      ['howMuch', 'There is no set maximum loan amount'],
      ['credit', `unlocked for ${CREDIT_UNLOCKED_DAYS} days`],
      ['sendCollateral', `within ${COLLATERAL_DEADLINE_CALENDAR_DAYS} calendar days`],
      ['marginCall', `${MARGIN_CALL_CURE_HOURS} hours`],
      ['marginCall', 'courtesy notice'],
      ['rebalancing', `below ${REBALANCE_BELOW_LTV_PCT}%`],
      ['collateralReturn', 'within 1 business day'],
      ['collateralReturn', 'held for 21 days'],
      ['collateralReturn', 'after a wire, for 3 days'],
      ['whoCanApply', 'US citizens and permanent residents who live in a supported state'],
      [
        'whoCanApply',
        'Idaho, Illinois, Kentucky, Maryland, Mississippi, South Dakota, Texas, Vermont, Virginia, and District of Columbia',
      ],
    ];
    for (const [key, words] of facts) expect(text(key), key).toContain(words);
  });

  it('names the brand and its support contacts', async () => {
    renderApp(FAQ);
    const item = await question(FAQ_QUESTIONS.support.question);
    expect(item).toHaveTextContent('To reach Harbor Credit Partners');
    expectLinks(item, {
      '(888) 555-0100': 'tel:8885550100',
      'help@harbor.example': 'mailto:help@harbor.example',
    });
    expect(screen.getByRole('region', { name: 'Notes' })).toHaveTextContent(
      'Harbor Credit Partners, Inc., NMLS #1234567.',
    );
  });

  it('speaks of international residents only for a brand that lends to them', async () => {
    const { unmount } = renderApp(FAQ, { brand: makeBrand({ internationalEnabled: true }) });
    expect(await question(FAQ_QUESTIONS.funds.question)).toHaveTextContent('USDC test transfer');
    unmount();
    renderApp(FAQ, {
      brand: makeBrand({
        internationalEnabled: true,
        flags: { wholesale: false, marketsCredit: true, general: false },
      }),
    });
    expect(await question(FAQ_QUESTIONS.funds.question)).not.toHaveTextContent('USDC');
    expect(await question(FAQ_QUESTIONS.howMuch.question)).not.toHaveTextContent('international');
  });

  it('opens the question a link points to', async () => {
    // jsdom lays nothing out, so it has no scrolling either.
    const scrollIntoView = vi.fn();
    Object.assign(Element.prototype, { scrollIntoView });
    onTestFinished(() => {
      Reflect.deleteProperty(Element.prototype, 'scrollIntoView');
    });
    renderApp(`${FAQ}#${FAQ_QUESTIONS.marginCall.id}`);
    const item = await question(FAQ_QUESTIONS.marginCall.question);
    expect(item).toHaveAttribute('open');
    expect(await question(FAQ_QUESTIONS.term.question)).not.toHaveAttribute('open');
    await waitFor(() => expect(item.querySelector('summary')).toHaveFocus());
    expect(scrollIntoView.mock.contexts).toEqual([item]);
  });
});
