/**
 * Frozen credit facts (DESIGN §6; the rule is the domain's credit-facts.ts). The facts a credit
 * pull sends are sealed onto the application when its details are submitted, so that every pull of
 * that application (a credit retry included) uses them; and while an application holds them, a
 * profile change that would alter them is refused with a message naming the fact.
 */
import {
  changedCreditFacts,
  FROZEN_CREDIT_FACT_MESSAGES,
  holdsFrozenCreditFacts,
  type TCreditFact,
  type TCreditFacts,
} from '@pledge/domain';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { TDb } from '../../db/pool.js';
import { applications, profiles } from '../../db/schema/index.js';
import { HttpError } from '../../http/errors.js';
import type { TFieldCipher } from '../../security/field-encryption.js';
import { openDetails, profileSsnContext } from './sealed-profile.js';
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
