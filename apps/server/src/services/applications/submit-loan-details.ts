/**
 * The loan details of /{appUuid}/details. In one transaction, with the application locked: the
 * borrower's profile is saved through the profile service (SSN encrypted), the credit facts it
 * makes (SSN, name, date of birth, residence) are frozen onto the application, the consents are
 * recorded (TERMS, PRIVACY and SOFT_CREDIT with the profile, the e-sign consent and the citizenship
 * attestation on the application), the application moves OFFER_ACCEPTED → ATTACH_PROFILE and the
 * credit check job is enqueued. A second submit finds the state moved on and is refused (409);
 * the job's dedupe key would stop a second job in any case.
 */
import type {
  TApplication,
  TConsentType as TConsent,
  TPostLoanDetailsBody,
  TProfileAddress,
  TPutProfileBody,
} from '@pledge/contract';
import { findCountry, isoDateOf, US_STATES, type TConsentType } from '@pledge/domain';
import type { TDb } from '../../db/pool.js';
import { HttpError } from '../../http/errors.js';
import { creditCheckDedupeKey, creditCheckJob } from '../../jobs/definitions/credit-check.js';
import { enqueue } from '../../jobs/enqueue.js';
import type { TFieldCipher } from '../../security/field-encryption.js';
import { CURRENT_CONSENT_VERSIONS } from '../profile/consent-versions.js';
import { readProfileCreditFacts, sealCreditFacts } from '../profile/frozen-credit-facts.js';
import { readProfile } from '../profile/read-profile.js';
import { saveProfile } from '../profile/save-profile.js';
import { toApplicationView } from './application-view.js';
import {
  lockOwnedApplication,
  type TApplicationDeps,
  type TApplicationRow,
} from './application-record.js';
import { actors, applyTransition } from './apply-transition.js';

export interface TSubmitLoanDetailsDeps extends TApplicationDeps {
  cipher: TFieldCipher;
}

export const LOAN_DETAILS_SUBMIT_MESSAGES = {
  offerNotAccepted: 'Accept an offer before submitting your loan details.',
  processing: 'Your details were already submitted and are being processed. Please wait a moment.',
  alreadySubmitted: 'Your details have already been submitted for this application.',
  residencyMismatch: 'These details are for a different residency than your offer',
  stateMismatch: (stateName: string) =>
    `Your offer is for ${stateName}; your home address must be in ${stateName}`,
  countryMismatch: (countryName: string) =>
    `Your offer is for ${countryName}; your home address must be in ${countryName}`,
} as const;

/** Where the details are being turned into a credit decision right now. */
const PROCESSING_STATES: ReadonlySet<string> = new Set([
  'ATTACH_PROFILE',
  'SOFT_CREDIT',
  'GEN_APP_DISCLOSURES',
]);

function validationError(fieldErrors: Record<string, string[]>): HttpError {
  const first = Object.values(fieldErrors)[0]?.[0] ?? 'Invalid loan details';
  return new HttpError(400, 'VALIDATION_ERROR', first, fieldErrors);
}

function assertAcceptsDetails(application: TApplicationRow): void {
  if (application.state === 'OFFER_ACCEPTED') return;
  if (application.state === 'CREATED') {
    throw new HttpError(409, 'OFFER_NOT_ACCEPTED', LOAN_DETAILS_SUBMIT_MESSAGES.offerNotAccepted);
  }
  if (PROCESSING_STATES.has(application.state)) {
    throw new HttpError(409, 'DETAILS_PROCESSING', LOAN_DETAILS_SUBMIT_MESSAGES.processing);
  }
  throw new HttpError(
    409,
    'DETAILS_ALREADY_SUBMITTED',
    LOAN_DETAILS_SUBMIT_MESSAGES.alreadySubmitted,
  );
}

/** The details must be for the residence the accepted offer was priced for. */
function assertSameResidence(application: TApplicationRow, body: TPostLoanDetailsBody): void {
  const expected = application.isInternational ? 'INTERNATIONAL' : 'UNITED_STATES';
  if (body.residency !== expected) {
    throw validationError({ residency: [LOAN_DETAILS_SUBMIT_MESSAGES.residencyMismatch] });
  }
  if (body.residency === 'UNITED_STATES' && body.address.state !== application.stateCode) {
    const name =
      US_STATES.find((state) => state.code === application.stateCode)?.name ??
      String(application.stateCode);
    throw validationError({ 'address.state': [LOAN_DETAILS_SUBMIT_MESSAGES.stateMismatch(name)] });
  }
  if (body.residency === 'INTERNATIONAL' && body.address.country !== application.countryCode) {
    const name =
      findCountry(application.countryCode ?? '')?.name ?? String(application.countryCode);
    throw validationError({
      'address.country': [LOAN_DETAILS_SUBMIT_MESSAGES.countryMismatch(name)],
    });
  }
}

/** Profile field paths → the details form's, so a refusal lands on the field the borrower sees. */
function detailsFieldPath(profilePath: string): string {
  if (profilePath.startsWith('name.')) return profilePath.slice('name.'.length);
  if (profilePath.startsWith('addresses.0')) return `address${profilePath.slice(11)}`;
  if (profilePath.startsWith('phoneNumbers.0')) return 'phone';
  if (profilePath === 'countryOfDomicile') return 'address.country';
  return profilePath;
}

function consent(type: TConsentType): TConsent {
  return { type, version: CURRENT_CONSENT_VERSIONS[type], optInOut: 'OPT_IN' };
}

/**
 * The profile the details make: the home address and phone replace the ones on file (other
 * addresses and phones stay), and the consents of the form are given at their current versions.
 */
async function profileBodyOf(
  db: TDb,
  cipher: TFieldCipher,
  identityUuid: string,
  body: TPostLoanDetailsBody,
): Promise<TPutProfileBody> {
  const onFile = await readProfile(db, cipher, identityUuid);
  const home: TProfileAddress = {
    type: 'HOME',
    street1: body.address.street1,
    street2: body.address.street2 ?? null,
    city: body.address.city,
    // A region is optional abroad; the profile keeps the country's name when none is given.
    state: body.address.state ?? findCountry(body.address.country)?.name ?? body.address.country,
    zip: body.address.zip,
    country: body.address.country,
  };
  const phone = body.residency === 'UNITED_STATES' ? `+1${body.phone}` : body.phone;
  const isUs = body.residency === 'UNITED_STATES';
  return {
    name: { firstName: body.firstName, lastName: body.lastName, suffix: body.suffix ?? null },
    dob: body.dob,
    addresses: [home, ...onFile.addresses.filter((address) => address.type !== 'HOME')],
    phoneNumbers: [
      { number: phone },
      ...onFile.phoneNumbers.filter((existing) => existing.number !== phone),
    ],
    email: body.email,
    countryOfDomicile: body.address.country,
    consents: isUs
      ? [consent('TERMS'), consent('PRIVACY'), consent('SOFT_CREDIT')]
      : [consent('TERMS'), consent('PRIVACY')],
    ...(isUs ? { ssn: body.ssn } : {}),
  };
}

/**
 * Saves the details into the profile and answers the credit facts they make, sealed for this
 * application: its credit pulls use them, whatever the profile says later.
 */
async function saveDetailsProfile(
  tx: TDb,
  deps: TSubmitLoanDetailsDeps,
  input: { identityUuid: string; appUuid: string; body: TPostLoanDetailsBody; now: Date },
): Promise<string> {
  const { identityUuid, body, now } = input;
  const profile = await profileBodyOf(tx, deps.cipher, identityUuid, body);
  try {
    await saveProfile(tx, deps.cipher, {
      identityUuid,
      body: profile,
      today: isoDateOf(now),
      now,
      startsCreditDecision: true,
    });
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 400 && error.fieldErrors) {
      const fieldErrors: Record<string, string[]> = {};
      for (const [path, messages] of Object.entries(error.fieldErrors)) {
        fieldErrors[detailsFieldPath(path)] = messages;
      }
      throw validationError(fieldErrors);
    }
    throw error;
  }
  const facts = await readProfileCreditFacts(tx, deps.cipher, identityUuid);
  if (facts === null) throw new Error(`The profile of ${identityUuid} was not saved`);
  return sealCreditFacts(deps.cipher, input.appUuid, facts);
}

export async function submitLoanDetails(
  deps: TSubmitLoanDetailsDeps,
  input: { identityUuid: string; appUuid: string; body: TPostLoanDetailsBody },
): Promise<TApplication> {
  const { identityUuid, appUuid, body } = input;
  const now = deps.clock();
  const row = await deps.db.transaction(async (tx) => {
    const application = await lockOwnedApplication(tx, identityUuid, appUuid);
    assertAcceptsDetails(application);
    assertSameResidence(application, body);
    const creditFactsSealed = await saveDetailsProfile(tx, deps, {
      identityUuid,
      appUuid,
      body,
      now,
    });
    const { application: submitted } = await applyTransition(tx, {
      appUuid,
      event: 'DETAILS_SUBMITTED',
      actor: actors.borrower(identityUuid),
      reason: 'loan details submitted',
      at: now,
      changes: {
        detailsSubmittedAt: now,
        creditFactsSealed,
        eSignConsentedAt: now,
        citizenshipAttestedAt: body.residency === 'UNITED_STATES' ? now : null,
      },
    });
    await enqueue(tx, creditCheckJob, { appUuid }, { dedupeKey: creditCheckDedupeKey(appUuid) });
    return submitted;
  });
  return toApplicationView(deps.db, row, now);
}
