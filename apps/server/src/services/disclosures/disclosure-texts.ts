/**
 * The wording of the disclosure PDFs, as paragraphs, from the facts of one application: the brand
 * (legal name, NMLS number), the borrower and the accepted offer. Every amount comes from the offer
 * and every rule from the domain's constants; nothing here computes money.
 */
import {
  COLLATERAL_DEADLINE_CALENDAR_DAYS,
  COLLATERAL_DISPLAY_NAMES,
  formatCoin,
  formatPct,
  formatUsd,
  LIQUIDATION_PROCESSING_FEE_BPS,
  MARGIN_CALL_CURE_HOURS,
  RATE_TIERS,
  UNSIGNED_DOCUMENTS_FEE_CENTS,
  COLLATERAL_DISPLAY_DECIMALS,
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

export interface TDisclosureFacts {
  legalName: string;
  nmlsNumber: string;
  borrowerName: string;
  applicationUuid: string;
  /** The day the documents were prepared, YYYY-MM-DD. */
  preparedOn: string;
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

function collateralTerms(facts: TDisclosureFacts): string[] {
  const { offer } = facts;
  const tier = RATE_TIERS.find((candidate) => candidate.id === offer.tierId);
  const coin = collateralName(offer.collateralType);
  const quantity = `${formatCoin(offer.collateralUnits, COLLATERAL_DISPLAY_DECIMALS)} ${offer.collateralType}`;
  return [
    `Collateral: ${quantity} (${coin}), pledged to ${facts.legalName} for the term of the loan.`,
    `Collateral deadline: the collateral must be received within ${COLLATERAL_DEADLINE_CALENDAR_DAYS} calendar days of signing the loan agreement, or the application is cancelled.`,
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

function header(facts: TDisclosureFacts): string[] {
  return [
    `Lender: ${lender(facts)}`,
    `Borrower: ${facts.borrowerName}`,
    `Application: ${facts.applicationUuid}`,
    `Prepared on: ${facts.preparedOn}`,
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
          `Annual Percentage Rate (the cost of your credit as a yearly rate): ${formatPct(offer.annualPercentageRatePct, 3)}`,
          `Finance Charge (the dollar amount the credit will cost you): ${formatUsd(offer.financeChargeCents)}`,
          `Amount Financed (the amount of credit provided to you): ${formatUsd(offer.drawAmountCents)}`,
          `Total of Payments (the amount you will have paid after making all payments as scheduled): ${formatUsd(offer.totalOfPaymentsCents)}`,
          `Interest rate: ${formatPct(offer.interestRatePct, 3)} fixed, for ${offer.termMonths} months. Origination fee (prepaid finance charge): ${formatUsd(offer.originationFeeAmountCents)}.`,
          'Payment schedule:',
          ...offer.paymentSchedule.map(
            (payment) =>
              `Payment ${payment.number}: ${formatUsd(payment.amountCents)}, due in month ${payment.dueMonth}`,
          ),
          `Security: you are giving a security interest in ${offer.collateralType} pledged as collateral.`,
          unsignedFeeSentence(),
        ],
      };
    case 'LOAN_AGREEMENT':
      return {
        name: 'Loan Agreement',
        description: 'The terms of your loan',
        fileName: 'loan-agreement.pdf',
        paragraphs: [
          ...header(facts),
          `${facts.borrowerName} borrows ${formatUsd(offer.amountCents)} from ${facts.legalName}: ${formatUsd(offer.drawAmountCents)} disbursed to the borrower plus an origination fee of ${formatUsd(offer.originationFeeAmountCents)} added to the loan.`,
          `Term: ${offer.termMonths} months. Interest rate: ${formatPct(offer.interestRatePct, 3)} fixed. Annual percentage rate: ${formatPct(offer.annualPercentageRatePct, 3)}.`,
          `Payments: ${offer.paymentSchedule.length} monthly payments totalling ${formatUsd(offer.totalOfPaymentsCents)}, as set out in the Truth in Lending disclosure. The loan may be repaid early without penalty.`,
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
          `${facts.borrowerName} grants ${facts.legalName} a security interest in the collateral below to secure the loan of ${formatUsd(offer.amountCents)}.`,
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
