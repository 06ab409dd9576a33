/**
 * The wording of the disclosure PDFs, as paragraphs, from the facts of one application: the brand
 * (legal name, NMLS number), the borrower and the accepted offer. Every amount comes from the offer
 * and every rule from the domain's constants; nothing here computes money.
 */
import {
  afterMaturityTerms,
  COLLATERAL_DEADLINE_CALENDAR_DAYS,
  COLLATERAL_DISPLAY_NAMES,
  formatCoin,
  formatPct,
  formatUsd,
  LIQUIDATION_PROCESSING_FEE_BPS,
  MARGIN_CALL_CURE_HOURS,
  paymentScheduleSummary,
  RATE_TIERS,
  totalCostSentence,
  TRUTH_IN_LENDING_TERMS,
  truthInLending,
  truthInLendingValues,
  UNSIGNED_DOCUMENTS_FEE_CENTS,
  COLLATERAL_DISPLAY_DECIMALS,
  toCoinQuantity,
  type TCollateralType,
  type TPaymentScheduleRow,
} from '@pledge/domain';

export const DISCLOSURE_DOCUMENT_KINDS = [
  'E_SIGN_CONSENT',
  'TRUTH_IN_LENDING_DISCLOSURE',
  'LOAN_AGREEMENT',
  'PLEDGE_AND_SECURITY_AGREEMENT',
  'PRIVACY_NOTICE',
] as const;
export type TDisclosureDocumentKind = (typeof DISCLOSURE_DOCUMENT_KINDS)[number];

export function isDisclosureDocumentKind(kind: string): kind is TDisclosureDocumentKind {
  return (DISCLOSURE_DOCUMENT_KINDS as readonly string[]).includes(kind);
}

/** The loan a renewal renews, as its documents name it. */
export interface TRenewedLoanDisclosure {
  loanUuid: string;
  /** YYYY-MM-DD */
  fundedOn: string;
  /** YYYY-MM-DD */
  maturityDate: string;
  /** The Celsius loans the renewed loan refinanced; empty for any other loan. */
  celsiusLoanIds: readonly string[];
  /** The loan's own coins, carried over. */
  loanCollateralUnits: string;
  /** The coins the renewal adds ("0" when none). */
  topUpCoinQuantity: string;
}

export interface TDisclosureFacts {
  legalName: string;
  nmlsNumber: string;
  borrowerName: string;
  applicationUuid: string;
  /** The day the documents were prepared, YYYY-MM-DD. */
  preparedOn: string;
  /**
   * A borrower abroad gets no Truth in Lending disclosure (owed to US consumers): the loan
   * agreement states the cost of the credit itself.
   */
  isInternational?: boolean;
  /** Set when the application renews a loan: nothing is paid out, the loan's balance is carried. */
  renewal?: TRenewedLoanDisclosure | null;
  offer: {
    amountCents: number;
    drawAmountCents: number;
    termMonths: number;
    interestRatePct: string;
    annualPercentageRatePct: string;
    originationFeeAmountCents: number;
    financeChargeCents: number;
    totalOfPaymentsCents: number;
    paymentSchedule: readonly TPaymentScheduleRow[];
    collateralType: string;
    collateralUnits: string;
    marginCallPriceCents: number;
    liquidationPriceCents: number;
    tierId: string;
  };
}

export interface TDisclosureContent {
  /** The document's name in the list and the PDF title. */
  name: string;
  /** One line for the list. */
  description: string;
  /** Safe file name of the download. */
  fileName: string;
  paragraphs: string[];
}

function percentOfBps(bps: number): string {
  return formatPct(bps / 100, 0);
}

function collateralName(type: string): string {
  return type in COLLATERAL_DISPLAY_NAMES
    ? COLLATERAL_DISPLAY_NAMES[type as TCollateralType]
    : type;
}

function lender(facts: TDisclosureFacts): string {
  return `${facts.legalName} (NMLS #${facts.nmlsNumber})`;
}

function unsignedFeeSentence(): string {
  return `A fee of ${formatUsd(UNSIGNED_DOCUMENTS_FEE_CENTS, { decimals: 0 })} applies if the loan documents are not signed.`;
}

function coinText(units: string, type: string): string {
  return `${formatCoin(units, COLLATERAL_DISPLAY_DECIMALS)} ${type}`;
}

function hasTopUp(renewal: TRenewedLoanDisclosure): boolean {
  return toCoinQuantity(renewal.topUpCoinQuantity).gt(0);
}

/** "loan 1f…, which refinanced Celsius loan 100002," or "loan 1f…". */
function renewedLoanName(renewal: TRenewedLoanDisclosure): string {
  const ids = renewal.celsiusLoanIds;
  return ids.length === 0
    ? `loan ${renewal.loanUuid}`
    : `loan ${renewal.loanUuid} (which refinanced Celsius loan${ids.length > 1 ? 's' : ''} ${ids.join(', ')})`;
}

/** What is pledged, and by when it must arrive: a renewal speaks of a deadline only for a top-up. */
function collateralPledge(facts: TDisclosureFacts): string[] {
  const { offer, renewal } = facts;
  const coin = collateralName(offer.collateralType);
  const quantity = coinText(offer.collateralUnits, offer.collateralType);
  if (renewal === undefined || renewal === null) {
    return [
      `Collateral: ${quantity} (${coin}), pledged to ${facts.legalName} for the term of the loan.`,
      `Collateral deadline: the collateral must be received within ${COLLATERAL_DEADLINE_CALENDAR_DAYS} calendar days of signing the loan agreement, or the application is cancelled.`,
    ];
  }
  const carried = coinText(renewal.loanCollateralUnits, offer.collateralType);
  if (!hasTopUp(renewal)) {
    return [
      `Collateral: ${quantity} (${coin}), pledged to ${facts.legalName} for the term of the loan: the collateral of ${renewedLoanName(renewal)}, carried over. No collateral has to be sent.`,
    ];
  }
  const topUp = coinText(renewal.topUpCoinQuantity, offer.collateralType);
  return [
    `Collateral: ${quantity} (${coin}), pledged to ${facts.legalName} for the term of the loan: the ${carried} of ${renewedLoanName(renewal)}, carried over, and a top-up of ${topUp}.`,
    `Collateral deadline: the top-up of ${topUp} must be received within ${COLLATERAL_DEADLINE_CALENDAR_DAYS} calendar days of signing the loan agreement, and by the end of ${renewal.maturityDate}, the maturity date of loan ${renewal.loanUuid}. Otherwise the renewal is cancelled, loan ${renewal.loanUuid} continues on its own terms, and any collateral already sent stays with it.`,
  ];
}

function collateralTerms(facts: TDisclosureFacts): string[] {
  const { offer } = facts;
  const tier = RATE_TIERS.find((candidate) => candidate.id === offer.tierId);
  return [
    ...collateralPledge(facts),
    tier === undefined
      ? `Margin call: when the collateral's ${offer.collateralType} price falls to ${formatUsd(offer.marginCallPriceCents)}, a margin call is issued.`
      : `Margin call: when the loan-to-value ratio reaches ${tier.marginCallLtvPct}% (a ${offer.collateralType} price of ${formatUsd(offer.marginCallPriceCents)}), a margin call is issued.`,
    `The borrower has ${MARGIN_CALL_CURE_HOURS} hours to cure a margin call by adding collateral or repaying part of the loan.`,
    tier === undefined
      ? `Liquidation: at a ${offer.collateralType} price of ${formatUsd(offer.liquidationPriceCents)}, collateral is sold to repay the loan.`
      : `Liquidation: when the loan-to-value ratio reaches ${tier.liquidationLtvPct}% (a ${offer.collateralType} price of ${formatUsd(offer.liquidationPriceCents)}), or a margin call is not cured, collateral is sold to repay the loan.`,
    `Liquidation processing fee: ${percentOfBps(LIQUIDATION_PROCESSING_FEE_BPS)} of the amount liquidated.`,
  ];
}

/** What the loan is made of: cash paid out, or for a renewal the renewed loan's balance carried. */
function loanAmountSentence(facts: TDisclosureFacts): string {
  const { offer, renewal } = facts;
  if (renewal === undefined || renewal === null) {
    return `${facts.borrowerName} borrows ${formatUsd(offer.amountCents)} from ${facts.legalName}: ${formatUsd(offer.drawAmountCents)} disbursed to the borrower plus an origination fee of ${formatUsd(offer.originationFeeAmountCents)} added to the loan.`;
  }
  return `This loan renews ${renewedLoanName(renewal)}, funded on ${renewal.fundedOn} and maturing on ${renewal.maturityDate}, and pays it off. ${facts.borrowerName} borrows ${formatUsd(offer.amountCents)} from ${facts.legalName}: the ${formatUsd(offer.drawAmountCents)} loan ${renewal.loanUuid} owes when the renewal completes (its principal and the interest accrued to that day), carried into this loan, plus an origination fee of ${formatUsd(offer.originationFeeAmountCents)} added to the loan. No cash is disbursed to the borrower.`;
}

function header(facts: TDisclosureFacts): string[] {
  return [
    `Lender: ${lender(facts)}`,
    `Borrower: ${facts.borrowerName}`,
    `Application: ${facts.applicationUuid}`,
    `Prepared on: ${facts.preparedOn}`,
  ];
}

/**
 * The cost of the credit, in the figures the offer page showed before sign-in (one function for
 * both): APR, finance charge, amount financed, total of payments, the schedule and the total.
 */
function costOfCreditParagraphs(facts: TDisclosureFacts): string[] {
  const { offer } = facts;
  const figures = truthInLending(offer);
  const values = truthInLendingValues(figures);
  const line = (key: keyof typeof TRUTH_IN_LENDING_TERMS) =>
    `${TRUTH_IN_LENDING_TERMS[key].label} (${TRUTH_IN_LENDING_TERMS[key].meaning}): ${values[key]}`;
  return [
    line('apr'),
    line('financeCharge'),
    line('amountFinanced'),
    ...(facts.renewal == null
      ? []
      : [
          `This loan renews ${renewedLoanName(facts.renewal)}: the amount financed pays off its balance when the renewal completes. No cash is disbursed to you.`,
        ]),
    line('totalOfPayments'),
    `Interest rate: ${formatPct(offer.interestRatePct, 3)} fixed, for ${offer.termMonths} months. Origination fee (prepaid finance charge): ${formatUsd(figures.prepaidFinanceChargeCents)}.`,
    `Payment schedule: ${paymentScheduleSummary(figures.paymentRuns)}.`,
    ...offer.paymentSchedule.map(
      (payment) =>
        `Payment ${payment.number}: ${formatUsd(payment.amountCents)}, due in month ${payment.dueMonth}`,
    ),
    totalCostSentence(figures),
  ];
}

export function disclosureContent(
  kind: TDisclosureDocumentKind,
  facts: TDisclosureFacts,
): TDisclosureContent {
  const { offer } = facts;
  switch (kind) {
    case 'E_SIGN_CONSENT':
      return {
        name: 'E-Sign Consent',
        description: 'Consent to receive and sign loan documents electronically',
        fileName: 'e-sign-consent.pdf',
        paragraphs: [
          ...header(facts),
          `By signing, ${facts.borrowerName} agrees to receive disclosures, agreements and notices from ${facts.legalName} electronically and to sign them with an electronic signature, which has the same effect as a handwritten one.`,
          'You may withdraw this consent, or ask for paper copies free of charge, by contacting support. Withdrawing consent ends the electronic application.',
          'To access the documents you need a device with a current web browser and a PDF reader, and an e-mail address.',
          unsignedFeeSentence(),
        ],
      };
    case 'TRUTH_IN_LENDING_DISCLOSURE':
      return {
        name: 'Truth in Lending Disclosure',
        description:
          'The cost of your credit: APR, finance charge, amount financed, total of payments',
        fileName: 'truth-in-lending-disclosure.pdf',
        paragraphs: [
          ...header(facts),
          ...costOfCreditParagraphs(facts),
          `Security: you are giving a security interest in ${offer.collateralType} pledged as collateral.`,
          unsignedFeeSentence(),
        ],
      };
    case 'LOAN_AGREEMENT':
      return {
        name: 'Loan Agreement',
        description:
          facts.renewal == null
            ? 'The terms of your loan'
            : `The terms of your loan, renewing loan ${facts.renewal.loanUuid}`,
        fileName: 'loan-agreement.pdf',
        paragraphs: [
          ...header(facts),
          loanAmountSentence(facts),
          `Term: ${offer.termMonths} months. Interest rate: ${formatPct(offer.interestRatePct, 3)} fixed. Annual percentage rate: ${formatPct(offer.annualPercentageRatePct, 3)}.`,
          ...(facts.isInternational === true
            ? [...costOfCreditParagraphs(facts), 'The loan may be repaid early without penalty.']
            : [
                `Payments: ${offer.paymentSchedule.length} monthly payments totalling ${formatUsd(offer.totalOfPaymentsCents)}, as set out in the Truth in Lending disclosure. The loan may be repaid early without penalty.`,
              ]),
          afterMaturityTerms(formatPct(offer.interestRatePct, 3)),
          ...collateralTerms(facts),
          unsignedFeeSentence(),
        ],
      };
    case 'PLEDGE_AND_SECURITY_AGREEMENT':
      return {
        name: 'Pledge and Security Agreement',
        description: 'The pledge of your crypto collateral and how it secures the loan',
        fileName: 'pledge-and-security-agreement.pdf',
        paragraphs: [
          ...header(facts),
          facts.renewal == null
            ? `${facts.borrowerName} grants ${facts.legalName} a security interest in the collateral below to secure the loan of ${formatUsd(offer.amountCents)}.`
            : `${facts.borrowerName} grants ${facts.legalName} a security interest in the collateral below to secure the loan of ${formatUsd(offer.amountCents)}, which renews ${renewedLoanName(facts.renewal)}.`,
          ...collateralTerms(facts),
          'The collateral is held in custody for the term of the loan and returned within 1 business day of full repayment and a return address.',
          unsignedFeeSentence(),
        ],
      };
    case 'PRIVACY_NOTICE':
      return {
        name: 'Privacy Notice',
        description: 'How we collect, use and share your personal information',
        fileName: 'privacy-notice.pdf',
        paragraphs: [
          ...header(facts),
          `${lender(facts)} collects the information you give in your application (name, address, date of birth, Social Security number, contact details and identity documents), your credit report, and the records of your loan.`,
          'We use it to decide on and service your loan, to verify your identity, to comply with law, and to protect against fraud. We share it with service providers that work for us, with credit bureaus, and as the law requires. We do not sell your personal information.',
          'Identity documents and account numbers are encrypted at rest. You may ask for a copy of your information or limit sharing by contacting support.',
          unsignedFeeSentence(),
        ],
      };
  }
}
