/**
 * Generates the disclosure PDFs of an application at GEN_APP_DISCLOSURES (a job, after the credit
 * check recorded which disclosures it needs): one PDF per recorded kind, then the privacy notice,
 * each stored encrypted with its SHA-256. Once every PDF exists, the application moves to SIGN_DOCS
 * in the same transaction that checks them. Safe to run again: existing PDFs are kept as they are.
 */
import { asc, eq } from 'drizzle-orm';
import type { TEncryptedStore } from '../../adapters/storage/encrypted.js';
import { brandFor, publishedBrandVersion } from '../../brands/brands.js';
import type { TDb } from '../../db/pool.js';
import {
  applicationRequiredDisclosures,
  applications,
  disclosureDocuments,
  offers,
} from '../../db/schema/index.js';
import { PermanentJobError } from '../../jobs/job-definition.js';
import type { TFieldCipher } from '../../security/field-encryption.js';
import type { TClock } from '../../security/jwt.js';
import type { TApplicationRow } from '../applications/application-record.js';
import { actors, applyTransition } from '../applications/apply-transition.js';
import { paymentScheduleOf } from '../offers/offer-record.js';
import { readFrozenCreditFacts } from '../profile/frozen-credit-facts.js';
import { readProfile } from '../profile/read-profile.js';
import { loanIdsByApplication } from '../refi/refi-record.js';
import { renewalChainOf, renewedLoanFacts } from '../renewal/renewed-loan-facts.js';
import {
  disclosureContent,
  isDisclosureDocumentKind,
  type TDisclosureDocumentKind,
  type TDisclosureFacts,
} from './disclosure-texts.js';
import { storeDisclosureDocument } from './store-disclosure-document.js';
import { findApplicationById } from '../applications/application-record.js';

export interface TGenerateDisclosuresDeps {
  db: TDb;
  cipher: TFieldCipher;
  store: TEncryptedStore;
  clock: TClock;
  sandbox: boolean;
}

const ACTOR = actors.system('generate-disclosures');

/** The privacy notice goes with every set of disclosures, after the recorded ones. */
const ALWAYS_DELIVERED: readonly TDisclosureDocumentKind[] = ['PRIVACY_NOTICE'];

async function kindsOf(db: TDb, appUuid: string): Promise<TDisclosureDocumentKind[]> {
  const recorded = await db
    .select({ kind: applicationRequiredDisclosures.kind })
    .from(applicationRequiredDisclosures)
    .where(eq(applicationRequiredDisclosures.applicationUuid, appUuid))
    .orderBy(asc(applicationRequiredDisclosures.position));
  const kinds = recorded.map((row) => row.kind);
  const unknown = kinds.filter((kind) => !isDisclosureDocumentKind(kind));
  if (unknown.length > 0) {
    throw new PermanentJobError(`No template for disclosure kinds ${unknown.join(', ')}`);
  }
  if (kinds.length === 0) throw new PermanentJobError(`Application ${appUuid} has no disclosures`);
  return [...(kinds as TDisclosureDocumentKind[]), ...ALWAYS_DELIVERED];
}

/**
 * The disclosures name the borrower the application was underwritten on: the frozen facts of its
 * credit pull, not the profile, which a later application may have changed since. A renewal has
 * no credit pull of its own: the facts of the loans it renews stand, back to the first. Without
 * any (a refinancing has no credit pull), the profile; a refinanced loan's borrower who never gave
 * a name is named by the Celsius loans they refinanced, as the refinancing's own documents are.
 */
async function borrowerNameOf(
  deps: TGenerateDisclosuresDeps,
  application: TApplicationRow,
): Promise<string> {
  const chain = await renewalChainOf(deps.db, application);
  for (const link of chain) {
    const frozen = await readFrozenCreditFacts(deps.db, deps.cipher, link.uuid);
    if (frozen !== null) return fullName(frozen.name);
  }
  const { name } = await readProfile(deps.db, deps.cipher, application.identityUuid);
  if (name !== null) return fullName(name);
  const refinancing = chain.find((link) => link.isCelsiusRefi);
  const celsiusLoanIds =
    refinancing === undefined
      ? []
      : ((await loanIdsByApplication(deps.db, [refinancing.uuid])).get(refinancing.uuid) ?? []);
  if (celsiusLoanIds.length > 0) {
    return `the borrower of Celsius loan${celsiusLoanIds.length > 1 ? 's' : ''} ${celsiusLoanIds.join(', ')}`;
  }
  throw new PermanentJobError(`Application ${application.uuid} has no borrower name`);
}

function fullName(name: {
  firstName: string | null;
  lastName: string | null;
  suffix: string | null;
}): string {
  return [name.firstName, name.lastName, name.suffix]
    .filter((part) => part !== null && part !== '')
    .join(' ');
}

async function factsOf(
  deps: TGenerateDisclosuresDeps,
  application: TApplicationRow,
): Promise<TBrandedFacts> {
  if (application.selectedOfferUuid === null) {
    throw new PermanentJobError(`Application ${application.uuid} has no accepted offer`);
  }
  const [offer] = await deps.db
    .select()
    .from(offers)
    .where(eq(offers.uuid, application.selectedOfferUuid));
  if (offer === undefined) throw new PermanentJobError(`Offer of ${application.uuid} is missing`);
  // Read together: the brand the documents state and the version recorded with them.
  const brand = brandFor(application.organization, deps.sandbox);
  const brandVersion = publishedBrandVersion(application.organization);
  const renewal = await renewedLoanFacts(deps.db, application, offer.collateralUnits);
  if (application.isRollForward && renewal === null) {
    throw new PermanentJobError(`The loan renewal ${application.uuid} renews is missing`);
  }
  return {
    brandVersion,
    legalName: brand.legalName,
    nmlsNumber: brand.nmlsNumber,
    borrowerName: await borrowerNameOf(deps, application),
    applicationUuid: application.uuid,
    isInternational: application.isInternational,
    preparedOn: deps.clock().toISOString().slice(0, 10),
    renewal,
    offer: {
      amountCents: offer.amountCents,
      drawAmountCents: offer.drawAmountCents,
      termMonths: offer.termMonths,
      interestRatePct: offer.interestRatePct,
      annualPercentageRatePct: offer.annualPercentageRatePct,
      originationFeeAmountCents: offer.originationFeeAmountCents,
      financeChargeCents: offer.financeChargeCents,
      totalOfPaymentsCents: offer.totalOfPaymentsCents,
      paymentSchedule: paymentScheduleOf(offer),
      collateralType: offer.collateralType,
      collateralUnits: offer.collateralUnits,
      marginCallPriceCents: offer.marginCallPriceCents,
      liquidationPriceCents: offer.liquidationPriceCents,
      tierId: offer.tierId,
    },
  };
}

/** The facts of the documents, and the brand version (brands.ts) they were made under. */
type TBrandedFacts = TDisclosureFacts & { brandVersion: number | null };

export async function generateDisclosures(
  deps: TGenerateDisclosuresDeps,
  appUuid: string,
): Promise<void> {
  const application = await findApplicationById(deps.db, appUuid);
  if (application === undefined)
    throw new PermanentJobError(`Application ${appUuid} does not exist`);
  if (application.state !== 'GEN_APP_DISCLOSURES') return;

  const kinds = await kindsOf(deps.db, appUuid);
  const existing = new Set(
    (
      await deps.db
        .select({ kind: disclosureDocuments.kind })
        .from(disclosureDocuments)
        .where(eq(disclosureDocuments.applicationUuid, appUuid))
    ).map((row) => row.kind),
  );
  const missing = kinds.filter((kind) => !existing.has(kind));
  if (missing.length > 0) {
    const facts = await factsOf(deps, application);
    for (const kind of missing) {
      await storeDisclosureDocument(deps, {
        applicationUuid: application.uuid,
        identityUuid: application.identityUuid,
        kind,
        position: kinds.indexOf(kind) + 1,
        content: disclosureContent(kind, facts),
        author: facts.legalName,
        createdAt: deps.clock(),
        brandVersion: facts.brandVersion,
      });
    }
  }

  await deps.db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ state: applications.state })
      .from(applications)
      .where(eq(applications.uuid, appUuid))
      .for('no key update');
    if (locked?.state !== 'GEN_APP_DISCLOSURES') return;
    const stored = await tx
      .select({ kind: disclosureDocuments.kind })
      .from(disclosureDocuments)
      .where(eq(disclosureDocuments.applicationUuid, appUuid));
    const storedKinds = new Set(stored.map((row) => row.kind));
    if (!kinds.every((kind) => storedKinds.has(kind))) {
      throw new Error(`Disclosures of ${appUuid} are incomplete`);
    }
    await applyTransition(tx, {
      appUuid,
      event: 'DISCLOSURES_GENERATED',
      actor: ACTOR,
      reason: `disclosures generated: ${kinds.join(', ')}`,
      at: deps.clock(),
    });
  });
}
