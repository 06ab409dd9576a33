/** A state-machine transition applied straight to the database, for tests of its refusals. */
import type { TDb } from '../../src/db/pool.js';
import {
  applyTransition,
  type TTransitionInput,
} from '../../src/services/applications/apply-transition.js';

/** What applying the transition threw, or what it answered when it went through. */
export function transitionOutcome(db: TDb, input: TTransitionInput): Promise<unknown> {
  return applyTransition(db, input).catch((caught: unknown) => caught);
}
