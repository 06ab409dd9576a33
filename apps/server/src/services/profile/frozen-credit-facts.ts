/**
 * Frozen credit facts (DESIGN §6; the rule is the domain's credit-facts.ts). The facts a credit
 * pull sends are sealed onto the application when its details are submitted, so that every pull of
 * that application (a credit retry included) uses them, and each pull records them (with the SSN's
 * blind index) on its credit check; while an application holds them, a profile change that would
 * alter them is refused with a message naming the fact.
 *
 * Facts are per application. The loan details of a later application are a new underwriting: they
 * rewrite the profile, so the profile shows the borrower's newest facts, but never the copy an
 * earlier application was decided on. Every decision about an application (its credit pulls, the
 * holder name of its payout account, what an agent sees of it) reads that application's copy.
 */
import {
  changedCreditFacts,
  FROZEN_CREDIT_FACT_MESSAGES,
  holdsFrozenCreditFacts,
  type TCreditFact,
  type TCreditFacts,
} from '@pledge/domain';
import { and, desc, eq, isNotNull } from 'drizzle-orm';
import { z } from 'zod';
import type { TDb } from '../../db/pool.js';
import { applications, creditChecks, profiles } from '../../db/schema/index.js';
import { HttpError } from '../../http/errors.js';
import type { TFieldCipher } from '../../security/field-encryption.js';
import { openDetails, profileSsnContext, SSN_BLIND_INDEX_PURPOSE } from './sealed-profile.js';
import type { TProfileDetails } from './validate-profile.js';

const creditFactsContext = (appUuid: string) => `application.credit-facts:${appUuid}`;

const ZCreditFacts = z.object({
  ssn: z.string().nullable(),
  name: z.object({
    firstName: z.string(),
    lastName: z.string(),
    suffix: z.string().nullable(),
  }),
  dob: z.string().nullable(),
  residence: z
    .object({
      street1: z.string(),
      street2: z.string().nullable(),
      city: z.string(),
      state: z.string(),
      zip: z.string(),
      country: z.string(),
    })
    .nullable(),
});

/** The facts of a profile: the home address (or the first one) is the residence. */
export function creditFactsOf(details: TProfileDetails, ssn: string | null): TCreditFacts {
  const home = details.addresses.find((address) => address.type === 'HOME') ?? details.addresses[0];
  return {
    ssn,
    name: {
      firstName: details.name.firstName,
      lastName: details.name.lastName,
      suffix: details.name.suffix ?? null,
    },
    dob: details.dob,
    residence:
      home === undefined
        ? null
        : {
            street1: home.street1,
            street2: home.street2 ?? null,
            city: home.city,
            state: home.state,
            zip: home.zip,
            country: home.country,
          },
  };
}

/** The borrower's facts as their profile holds them now; null before their first save. */
export async function readProfileCreditFacts(
  db: TDb,
  cipher: TFieldCipher,
  identityUuid: string,
  options: { forUpdate?: boolean } = {},
): Promise<TCreditFacts | null> {
  const query = db
    .select({ detailsSealed: profiles.detailsSealed, ssnSealed: profiles.ssnSealed })
    .from(profiles)
    .where(eq(profiles.identityUuid, identityUuid));
  const [row] = options.forUpdate === true ? await query.for('update') : await query;
  if (row === undefined) return null;
  const ssn =
    row.ssnSealed === null
      ? null
      : cipher.decryptText(row.ssnSealed, profileSsnContext(identityUuid));
  return creditFactsOf(openDetails(cipher, identityUuid, row.detailsSealed), ssn);
}

export function sealCreditFacts(
  cipher: TFieldCipher,
  appUuid: string,
  facts: TCreditFacts,
): string {
  return cipher.encryptText(JSON.stringify(facts), creditFactsContext(appUuid));
}

export function openCreditFacts(
  cipher: TFieldCipher,
  appUuid: string,
  sealed: string,
): TCreditFacts {
  return ZCreditFacts.parse(JSON.parse(cipher.decryptText(sealed, creditFactsContext(appUuid))));
}

/**
 * What a credit check records of the facts its pull was made on: the application's sealed copy as
 * is (same context) and the blind index of its SSN, so that the SSN can be looked up unopened.
 */
export function creditCheckFactsOf(
  cipher: TFieldCipher,
  appUuid: string,
  creditFactsSealed: string | null,
): { creditFactsSealed: string | null; ssnBlindIndex: string | null } {
  if (creditFactsSealed === null) return { creditFactsSealed: null, ssnBlindIndex: null };
  const { ssn } = openCreditFacts(cipher, appUuid, creditFactsSealed);
  return {
    creditFactsSealed,
    ssnBlindIndex: ssn === null ? null : cipher.blindIndex(ssn, SSN_BLIND_INDEX_PURPOSE),
  };
}

/** The newest of the application's credit checks that recorded it (all pulls share its facts). */
async function latestCheckRecord(
  db: TDb,
  appUuid: string,
  column: typeof creditChecks.creditFactsSealed | typeof creditChecks.ssnBlindIndex,
): Promise<string | null> {
  const [row] = await db
    .select({ value: column })
    .from(creditChecks)
    .where(and(eq(creditChecks.applicationUuid, appUuid), isNotNull(column)))
    .orderBy(desc(creditChecks.at))
    .limit(1);
  return row?.value ?? null;
}

/**
 * The facts the application was underwritten on: those its credit check recorded, else (before
 * the pull, or a check the previous release wrote) those frozen with its details; null when it
 * has none (no details yet, or a refinancing, which has no pull).
 */
export async function readFrozenCreditFacts(
  db: TDb,
  cipher: TFieldCipher,
  appUuid: string,
): Promise<TCreditFacts | null> {
  let sealed = await latestCheckRecord(db, appUuid, creditChecks.creditFactsSealed);
  if (sealed === null) {
    const [application] = await db
      .select({ creditFactsSealed: applications.creditFactsSealed })
      .from(applications)
      .where(eq(applications.uuid, appUuid));
    sealed = application?.creditFactsSealed ?? null;
  }
  return sealed === null ? null : openCreditFacts(cipher, appUuid, sealed);
}

/**
 * The blind index (purpose SSN_BLIND_INDEX_PURPOSE, as profiles.ssn_blind_index) of the SSN the
 * application's credit pull was made on; null before its pull, for a borrower without SSN
 * (international) or when its only checks were written by the release before this record. Needs
 * no cipher: it opens nothing.
 */
export async function frozenSsnBlindIndexOf(db: TDb, appUuid: string): Promise<string | null> {
  return latestCheckRecord(db, appUuid, creditChecks.ssnBlindIndex);
}

/**
 * The facts an application is to be judged on, and whether the borrower's profile has moved on
 * from them since (a later application's details, or a change once no application held them).
 * Without frozen facts, the profile's are all there is.
 */
export async function underwrittenFactsOf(
  db: TDb,
  cipher: TFieldCipher,
  input: { appUuid: string; identityUuid: string },
): Promise<{ facts: TCreditFacts | null; profileDiffers: boolean }> {
  const frozen = await readFrozenCreditFacts(db, cipher, input.appUuid);
  const onFile = await readProfileCreditFacts(db, cipher, input.identityUuid);
  if (frozen === null) return { facts: onFile, profileDiffers: false };
  return {
    facts: frozen,
    profileDiffers: onFile !== null && changedCreditFacts(frozen, onFile).length > 0,
  };
}

/** Where each fact sits in the profile body, for the refusal's field messages. */
const PROFILE_FIELD: Readonly<Record<TCreditFact, string>> = {
  ssn: 'ssn',
  name: 'name',
  dob: 'dob',
  residence: 'addresses',
};

/**
 * Refuses (409) a profile change to a frozen fact while one of the borrower's applications holds
 * the facts. Call it inside the transaction that saves the profile, after `readProfileCreditFacts`
 * locked the profile row: a details submission that would start a hold waits for that lock.
 */
export async function assertCreditFactsUnchanged(
  tx: TDb,
  input: {
    identityUuid: string;
    onFile: TCreditFacts | null;
    next: TCreditFacts;
    now: Date;
  },
): Promise<void> {
  if (input.onFile === null) return;
  const changed = changedCreditFacts(input.onFile, input.next);
  if (changed.length === 0) return;
  const borrowerApplications = await tx
    .select({ state: applications.state, detailsSubmittedAt: applications.detailsSubmittedAt })
    .from(applications)
    .where(eq(applications.identityUuid, input.identityUuid));
  const isHeld = borrowerApplications.some((application) =>
    holdsFrozenCreditFacts({ ...application, now: input.now }),
  );
  if (!isHeld) return;
  const fieldErrors = Object.fromEntries(
    changed.map((fact) => [PROFILE_FIELD[fact], [FROZEN_CREDIT_FACT_MESSAGES[fact]]]),
  );
  const [first] = changed;
  throw new HttpError(
    409,
    'CREDIT_FACTS_FROZEN',
    first === undefined ? 'Your details cannot be changed now' : FROZEN_CREDIT_FACT_MESSAGES[first],
    fieldErrors,
  );
}
