/**
 * The disclosures of a refinancing (document 2 §2): the electronic-records consent, the
 * refinancing agreement naming the legacy loan ids, the new terms, the collateral treatment and any
 * stabilization, and for ownership transfer the consent to reuse the collateral. Generated when the
 * application reaches SIGN_DOCS or CELSIUS_FULL_COLLATERAL_RECEIVED (idempotent: existing PDFs are
 * kept), stored encrypted with their SHA-256, listed and signed one at a time.
 */
import {
  formatCoin,
  formatPct,
  formatUsd,
  REFI_STABILIZATION_TRIGGER_LTV_PCT,
  type TRefiOption,
} from '@pledge/domain';
import { and, eq, isNull } from 'drizzle-orm';
import { brandFor, publishedBrandVersion } from '../../brands/brands.js';
import {
  applicationRequiredDisclosures,
  disclosureDocuments,
  offers,
  refiApplications,
} from '../../db/schema/index.js';
import type { TDisclosureContent } from '../disclosures/disclosure-texts.js';
import { storeDisclosureDocument } from '../disclosures/store-disclosure-document.js';
import type { TRefiDeps } from './refi-deps.js';
import { loanIdsByApplication, refiOffersByUuid } from './refi-record.js';
import { findApplicationById } from '../applications/application-record.js';

export const REFI_DISCLOSURE_KINDS = [
  'REFI_E_SIGN_CONSENT',
  'REFI_LOAN_AGREEMENT',
  'REFI_COLLATERAL_REUSE_CONSENT',
] as const;
export type TRefiDisclosureKind = (typeof REFI_DISCLOSURE_KINDS)[number];

/** States in which the disclosures exist to be signed. */
const SIGNING_STATES = ['SIGN_DOCS', 'CELSIUS_FULL_COLLATERAL_RECEIVED'] as const;

export function refiDisclosureKinds(treatment: TRefiOption): TRefiDisclosureKind[] {
  return treatment === 'OWNERSHIP_TRANSFER'
    ? [...REFI_DISCLOSURE_KINDS]
    : REFI_DISCLOSURE_KINDS.filter((kind) => kind !== 'REFI_COLLATERAL_REUSE_CONSENT');
}

const TREATMENT_WORDS: Readonly<Record<TRefiOption, string>> = {
  CUSTODY_ONLY:
    'Custody only: your collateral is held in custody for you and is never lent, pledged or otherwise reused.',
  OWNERSHIP_TRANSFER:
    'Ownership transfer: ownership of your collateral passes to the lender for the term of the loan, and the lender may reuse (rehypothecate) it.',
};

interface TRefiFacts {
  legalName: string;
  nmlsNumber: string;
  appUuid: string;
  preparedOn: string;
  loanIds: string[];
  treatment: TRefiOption;
  stabilizationOptIn: boolean;
  amountCents: number;
  termMonths: number;
  interestRatePct: string;
  aprPct: string;
  monthlyPaymentCents: number;
  totalOfPaymentsCents: number;
  collateralType: string;
  collateralUnits: string;
  topUpCoinQuantity: string;
}

/** Where the words of a disclosure's PDF are kept: the same id, in an area of their own. */
export const DISCLOSURE_TEXTS_AREA = 'disclosure-texts';

export function refiDocumentTextKey(storageKey: string): string {
  return `${DISCLOSURE_TEXTS_AREA}/${storageKey.slice(storageKey.indexOf('/') + 1)}`;
}

function refiDocumentTextBytes(content: TDisclosureContent): Buffer {
  return Buffer.from(JSON.stringify({ title: content.name, paragraphs: content.paragraphs }));
}

function contentOf(kind: TRefiDisclosureKind, facts: TRefiFacts): TDisclosureContent {
  const header = `${facts.legalName} (NMLS ${facts.nmlsNumber}). Application ${facts.appUuid}. Prepared ${facts.preparedOn}.`;
  const loans = `Celsius loan IDs refinanced: ${facts.loanIds.join(', ')}.`;
  switch (kind) {
    case 'REFI_E_SIGN_CONSENT':
      return {
        name: 'Consent to Electronic Records',
        description: 'Your consent to receive and sign the refinancing documents electronically',
        fileName: 'refi-e-sign-consent.pdf',
        paragraphs: [
          header,
          loans,
          'You agree to receive the documents of this refinancing electronically and to sign them with an electronic signature, which has the same effect as a handwritten one. You may ask for paper copies from support at no charge.',
        ],
      };
    case 'REFI_LOAN_AGREEMENT':
      return {
        name: 'Refinancing Loan Agreement',
        description: `Refinances Celsius loan ${facts.loanIds.join(', ')}`,
        fileName: 'refi-loan-agreement.pdf',
        paragraphs: [
          header,
          loans,
          `The lender pays off the principal outstanding of these loans to the Celsius estate, ${formatUsd(facts.amountCents)}, which becomes the amount of your new loan. No cash is paid out to you and no origination fee is charged.`,
          `Term: ${facts.termMonths} months, interest only. Interest rate: ${formatPct(facts.interestRatePct, 3)}. Annual percentage rate: ${formatPct(facts.aprPct, 3)}. Estimated monthly payment: ${formatUsd(facts.monthlyPaymentCents)}. Total of payments: ${formatUsd(facts.totalOfPaymentsCents)}.`,
          `Collateral: ${formatCoin(facts.collateralUnits, 6)} ${facts.collateralType}${facts.topUpCoinQuantity !== '0' ? `, including a top-up of ${formatCoin(facts.topUpCoinQuantity, 6)} ${facts.collateralType}` : ''}.`,
          `Collateral treatment: ${TREATMENT_WORDS[facts.treatment]}`,
          facts.stabilizationOptIn
            ? `Stabilization: you opted in. The liquidation trigger of this loan is ${REFI_STABILIZATION_TRIGGER_LTV_PCT}% LTV. Stabilization does not defer the interest-only payments.`
            : 'Stabilization: not chosen.',
        ],
      };
    case 'REFI_COLLATERAL_REUSE_CONSENT':
      return {
        name: 'Collateral Reuse Consent',
        description: 'Your consent that the lender may reuse your collateral',
        fileName: 'refi-collateral-reuse-consent.pdf',
        paragraphs: [
          header,
          loans,
          'You choose ownership transfer (ALLOW_REHYPOTHECATION). You consent that ownership of your collateral passes to the lender for the term of the loan and that the lender may lend, pledge or otherwise reuse it. At the end of the loan you are owed the same quantity of the same coin, not the same coins.',
        ],
      };
  }
}

/** Generates the missing disclosures of an application that is open for signing. */
export async function ensureRefiDisclosures(
  deps: Pick<TRefiDeps, 'db' | 'store' | 'clock' | 'sandbox'>,
  appUuid: string,
): Promise<void> {
  const application = await findApplicationById(deps.db, appUuid);
  if (application === undefined || !application.isCelsiusRefi) return;
  if (!(SIGNING_STATES as readonly string[]).includes(application.state)) return;
  if (application.selectedOfferUuid === null) return;
  const [offer] = await deps.db
    .select()
    .from(offers)
    .where(eq(offers.uuid, application.selectedOfferUuid));
  const treatment = (await refiOffersByUuid(deps.db, [application.selectedOfferUuid])).get(
    application.selectedOfferUuid,
  );
  const [refi] = await deps.db
    .select()
    .from(refiApplications)
    .where(eq(refiApplications.applicationUuid, appUuid));
  if (offer === undefined || treatment === undefined || refi === undefined) return;
  const kinds = refiDisclosureKinds(treatment.treatment);
  const now = deps.clock();
  await deps.db
    .insert(applicationRequiredDisclosures)
    .values(
      kinds.map((kind, index) => ({
        applicationUuid: appUuid,
        kind,
        position: index + 1,
        createdAt: now,
      })),
    )
    .onConflictDoNothing();
  const existing = new Set(
    (
      await deps.db
        .select({ kind: disclosureDocuments.kind })
        .from(disclosureDocuments)
        .where(
          and(
            eq(disclosureDocuments.applicationUuid, appUuid),
            isNull(disclosureDocuments.voidedAt),
          ),
        )
    ).map((row) => row.kind),
  );
  const missing = kinds.filter((kind) => !existing.has(kind));
  if (missing.length === 0) return;
  // Read together: the brand the documents state and the version recorded with them.
  const brand = brandFor(application.organization, deps.sandbox);
  const brandVersion = publishedBrandVersion(application.organization);
  const facts: TRefiFacts = {
    legalName: brand.legalName,
    nmlsNumber: brand.nmlsNumber,
    appUuid,
    preparedOn: now.toISOString().slice(0, 10),
    loanIds: (await loanIdsByApplication(deps.db, [appUuid])).get(appUuid) ?? [],
    treatment: treatment.treatment,
    stabilizationOptIn: refi.stabilizationOptIn === true,
    amountCents: offer.amountCents,
    termMonths: offer.termMonths,
    interestRatePct: offer.interestRatePct,
    aprPct: offer.annualPercentageRatePct,
    monthlyPaymentCents: offer.estimatedMonthlyPaymentCents,
    totalOfPaymentsCents: offer.totalOfPaymentsCents,
    collateralType: offer.collateralType,
    collateralUnits: offer.collateralUnits,
    topUpCoinQuantity: refi.topUpCoinQuantity ?? '0',
  };
  for (const kind of missing) {
    const content = contentOf(kind, facts);
    await storeDisclosureDocument(deps, {
      applicationUuid: appUuid,
      identityUuid: application.identityUuid,
      kind,
      position: kinds.indexOf(kind) + 1,
      content,
      author: facts.legalName,
      createdAt: now,
      brandVersion,
      // The same words as the PDF, for the signing page to show (document 2 §2).
      besides: (storageKey) => [
        { key: refiDocumentTextKey(storageKey), bytes: refiDocumentTextBytes(content) },
      ],
    });
  }
}
