/**
 * The FAQ's questions and their anchors, apart from the answers, so that the offer page's short
 * list links into /faq without loading the whole FAQ.
 */
export const FAQ_QUESTIONS = {
  whatIsIt: { id: 'what-is-a-crypto-backed-loan', question: 'What is a crypto-backed loan?' },
  whoCanApply: { id: 'who-can-apply', question: 'Who can apply?' },
  whichCoins: { id: 'which-coins', question: 'Which cryptocurrencies can I pledge?' },
  howMuch: { id: 'how-much-can-i-borrow', question: 'How much can I borrow?' },
  term: { id: 'loan-term', question: 'How long is the loan?' },
  rates: { id: 'interest-rates', question: 'What interest rate will I pay?' },
  payments: { id: 'monthly-payments', question: 'How do the monthly payments work?' },
  deferral: { id: 'interest-deferral', question: 'Can I defer interest payments?' },
  prepayment: { id: 'prepayment', question: 'Can I pay my loan off early?' },
  originationFee: { id: 'origination-fee', question: 'Is there an origination fee?' },
  apr: { id: 'apr', question: 'How is the APR worked out?' },
  ltv: { id: 'loan-to-value', question: 'What is loan-to-value (LTV)?' },
  marginCall: {
    id: 'margin-call',
    question: 'What happens if the value of my collateral falls?',
  },
  liquidationFee: { id: 'liquidation-fee', question: 'Is there a fee if my collateral is sold?' },
  rebalancing: { id: 'rebalancing', question: 'What if the value of my collateral rises?' },
  sendCollateral: { id: 'sending-collateral', question: 'When do I send my collateral?' },
  collateralReturn: {
    id: 'collateral-return',
    question: 'When do I get my collateral back?',
  },
  credit: { id: 'credit-check', question: 'Will you check my credit?' },
  funds: { id: 'receiving-funds', question: 'How and when do I receive the money?' },
  support: { id: 'contact-support', question: 'How do I contact support?' },
} as const;

export type TFaqQuestionKey = keyof typeof FAQ_QUESTIONS;

/** The offer page's short list (hidden for markets-credit brands, document 1 §1). */
export const SHORT_FAQ: readonly TFaqQuestionKey[] = [
  'whoCanApply',
  'rates',
  'originationFee',
  'marginCall',
  'prepayment',
];
