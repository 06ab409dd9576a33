/**
 * The final steps of a refinancing as the console shows them (document 2 has no checklist of its
 * own): no identity step (the passport is on the legacy lender's file) and no disbursement (nothing
 * is paid out: the lender pays the Celsius estate); the agreements to sign, and the collateral only
 * when a top-up was requested: asked, on its way (the borrower said it was sent), then received.
 */
import type { TFinalSteps } from '@pledge/contract';
import {
  overallFinalStepsStatus,
  toCoinQuantity,
  type TApplicationState,
  type TFinalStepItem,
  type TFinalStepStatus,
} from '@pledge/domain';
import { eq } from 'drizzle-orm';
import type { TDb } from '../../db/pool.js';
import { refiApplications } from '../../db/schema/index.js';
import type { TApplicationRow } from '../applications/application-record.js';
import { SIGNED_STATES } from '../applications/final-steps.js';

const SIGNING_STATES: ReadonlySet<TApplicationState> = new Set([
  'SIGN_DOCS',
  'CELSIUS_FULL_COLLATERAL_RECEIVED',
]);

function agreementsStatus(state: TApplicationState): TFinalStepStatus {
  if (SIGNING_STATES.has(state)) return 'IN_PROGRESS';
  return SIGNED_STATES.has(state) ? 'COMPLETED' : 'NOT_STARTED';
}

function topUpStatus(state: TApplicationState, hasTopUp: boolean): TFinalStepStatus {
  if (!hasTopUp) return 'NOT_REQUIRED';
  if (state === 'CELSIUS_TOP_UP_REQUESTED') return 'NOT_STARTED';
  if (state === 'CELSIUS_WAITING_FOR_TOP_UP') return 'PENDING';
  return state === 'CELSIUS_FULL_COLLATERAL_RECEIVED' || SIGNED_STATES.has(state)
    ? 'COMPLETED'
    : 'NOT_STARTED';
}

/** The checklist of a refinancing in a state, with or without a top-up. */
export function refiFinalStepsOf(state: TApplicationState, hasTopUp: boolean): TFinalSteps {
  const items: TFinalStepItem[] = [
    { name: 'Verify Identity', status: 'NOT_REQUIRED' },
    { name: 'Review Agreements', status: agreementsStatus(state) },
    { name: 'Disbursement Account', status: 'NOT_REQUIRED' },
    { name: 'Post Collateral', status: topUpStatus(state, hasTopUp) },
  ];
  return { items, status: overallFinalStepsStatus(items) };
}

export async function refiFinalSteps(db: TDb, application: TApplicationRow): Promise<TFinalSteps> {
  const [refi] = await db
    .select({ topUp: refiApplications.topUpCoinQuantity })
    .from(refiApplications)
    .where(eq(refiApplications.applicationUuid, application.uuid));
  return refiFinalStepsOf(application.state, toCoinQuantity(refi?.topUp ?? '0').gt(0));
}
