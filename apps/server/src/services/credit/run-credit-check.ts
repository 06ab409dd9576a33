/**
 * Takes an application from submitted details to a credit decision, one step per transaction
 * (every pull sends the credit facts frozen onto the application with its details):
 *   ATTACH_PROFILE → SOFT_CREDIT: the saved profile is attached to the application;
 *   SOFT_CREDIT → GEN_APP_DISCLOSURES, SOFT_CREDIT_NO_MATCH / _LOCKED / _FROZEN or DECLINED: the
 *     bureau's answer, recorded in credit_checks with the facts it was made on;
 *   GEN_APP_DISCLOSURES: the disclosures the borrower must sign are recorded and their generation
 *     job enqueued in the same transaction; that job moves the application to SIGN_DOCS once the
 *     PDFs exist.
 * Each step acts on the state it finds (under the row lock), so running it again after a crash, or
 * twice, repeats nothing that was committed.
 *
 * International borrowers skip the US bureau: they have no SSN or US credit file, and their loan is
 * decided on the collateral alone. Their check is recorded as NOT_REQUIRED and counts as approved.
 */
import type { TApplicationEvent, TApplicationState } from '@pledge/domain';
import {
  CreditBureauRequestError,
  type TCreditBureauPort,
  type TSoftPullOutcome,
  type TSoftPullRequest,
  type TSoftPullResult,
} from '../../adapters/credit-bureau/port.js';
import type { TDb } from '../../db/pool.js';
import { creditChecks } from '../../db/schema/index.js';
import {
  generateDisclosuresDedupeKey,
  generateDisclosuresJob,
} from '../../jobs/definitions/generate-disclosures.js';
import { enqueue } from '../../jobs/enqueue.js';
import { PermanentJobError } from '../../jobs/job-definition.js';
import type { TFieldCipher } from '../../security/field-encryption.js';
import type { TClock } from '../../security/jwt.js';
import type { TApplicationRow } from '../applications/application-record.js';
import { actors, applyTransition } from '../applications/apply-transition.js';
import { recordRequiredDisclosures } from '../applications/required-disclosures.js';
import { creditCheckFactsOf, openCreditFacts } from '../profile/frozen-credit-facts.js';
import { lockApplicationById, findApplicationById } from '../applications/application-record.js';

export interface TCreditCheckDeps {
  db: TDb;
  cipher: TFieldCipher;
  creditBureau: TCreditBureauPort;
  clock: TClock;
}

const ACTOR = actors.system('credit-check');

const EVENT_BY_OUTCOME: Readonly<Record<TSoftPullOutcome, TApplicationEvent>> = {
  APPROVED: 'CREDIT_APPROVED',
  NO_MATCH: 'CREDIT_NO_MATCH',
  LOCKED: 'CREDIT_LOCKED',
  FROZEN: 'CREDIT_FROZEN',
  DECLINED: 'CREDIT_DECLINED',
};

/** The states this job moves on from; any other state means there is nothing (left) to do. */
const STEP_STATES: readonly TApplicationState[] = [
  'ATTACH_PROFILE',
  'SOFT_CREDIT',
  'GEN_APP_DISCLOSURES',
];

async function lockApplication(tx: TDb, appUuid: string): Promise<TApplicationRow | undefined> {
  const row = await lockApplicationById(tx, appUuid);
  return row;
}

/** Runs `step` with the application locked, if it is still in `state`. */
async function inState(
  db: TDb,
  appUuid: string,
  state: TApplicationState,
  step: (tx: TDb, application: TApplicationRow) => Promise<void>,
): Promise<void> {
  await db.transaction(async (tx) => {
    const application = await lockApplication(tx, appUuid);
    if (application?.state === state) await step(tx, application);
  });
}

/**
 * What the bureau needs: the facts frozen onto the application with its details (a retry pulls
 * the same SSN, name, date of birth and address as the first pull), never the profile as it is now.
 */
function softPullRequestFor(
  deps: TCreditCheckDeps,
  application: TApplicationRow,
): TSoftPullRequest {
  if (application.creditFactsSealed === null) {
    throw new PermanentJobError(`Application ${application.uuid} has no frozen credit facts`);
  }
  const facts = openCreditFacts(deps.cipher, application.uuid, application.creditFactsSealed);
  const home = facts.residence;
  if (facts.ssn === null || home === null || facts.dob === null) {
    throw new PermanentJobError(
      `Application ${application.uuid} has no SSN, home address or birth date frozen`,
    );
  }
  return {
    referenceId: application.uuid,
    ssn: facts.ssn,
    firstName: facts.name.firstName,
    lastName: facts.name.lastName,
    dob: facts.dob,
    address: {
      street1: home.street1,
      street2: home.street2,
      city: home.city,
      state: home.state,
      zip: home.zip,
    },
  };
}

async function attachProfile(deps: TCreditCheckDeps, appUuid: string): Promise<void> {
  await inState(deps.db, appUuid, 'ATTACH_PROFILE', async (tx) => {
    await applyTransition(tx, {
      appUuid,
      event: 'PROFILE_ATTACHED',
      actor: ACTOR,
      reason: 'profile attached',
      at: deps.clock(),
    });
  });
}

async function decideCredit(deps: TCreditCheckDeps, application: TApplicationRow): Promise<void> {
  const appUuid = application.uuid;
  if (application.isInternational) {
    await inState(deps.db, appUuid, 'SOFT_CREDIT', async (tx) => {
      const at = deps.clock();
      await tx.insert(creditChecks).values({
        applicationUuid: appUuid,
        outcome: 'NOT_REQUIRED',
        ...creditCheckFactsOf(deps.cipher, appUuid, application.creditFactsSealed),
        at,
      });
      await applyTransition(tx, {
        appUuid,
        event: 'CREDIT_APPROVED',
        actor: ACTOR,
        reason: 'international borrower: no US credit bureau applies',
        at,
      });
    });
    return;
  }

  // The pull happens outside any transaction: no row stays locked while the bureau answers.
  let result: TSoftPullResult;
  try {
    result = await deps.creditBureau.softPull(softPullRequestFor(deps, application));
  } catch (error) {
    if (error instanceof CreditBureauRequestError) throw new PermanentJobError(error.message);
    throw error;
  }
  await inState(deps.db, appUuid, 'SOFT_CREDIT', async (tx) => {
    const at = deps.clock();
    await tx.insert(creditChecks).values({
      applicationUuid: appUuid,
      outcome: result.outcome,
      bureau: deps.creditBureau.name,
      bureauReference: result.reference,
      ...creditCheckFactsOf(deps.cipher, appUuid, application.creditFactsSealed),
      at,
    });
    await applyTransition(tx, {
      appUuid,
      event: EVENT_BY_OUTCOME[result.outcome],
      actor: ACTOR,
      reason: `soft credit check: ${result.outcome}`,
      at,
    });
  });
}

async function prepareDisclosures(deps: TCreditCheckDeps, appUuid: string): Promise<void> {
  await inState(deps.db, appUuid, 'GEN_APP_DISCLOSURES', async (tx, application) => {
    const at = deps.clock();
    await recordRequiredDisclosures(tx, application, at);
    await enqueue(
      tx,
      generateDisclosuresJob,
      { appUuid },
      { dedupeKey: generateDisclosuresDedupeKey(appUuid) },
    );
  });
}

export async function runCreditCheck(deps: TCreditCheckDeps, appUuid: string): Promise<void> {
  // Each pass moves the application at most one step; three steps lead out of STEP_STATES.
  for (let pass = 0; pass < STEP_STATES.length; pass += 1) {
    const application = await findApplicationById(deps.db, appUuid);
    if (application === undefined) {
      throw new PermanentJobError(`Application ${appUuid} does not exist`);
    }
    switch (application.state) {
      case 'ATTACH_PROFILE':
        await attachProfile(deps, appUuid);
        break;
      case 'SOFT_CREDIT':
        await decideCredit(deps, application);
        break;
      case 'GEN_APP_DISCLOSURES':
        // The generation job takes it from here.
        await prepareDisclosures(deps, appUuid);
        return;
      default:
        return;
    }
  }
}
