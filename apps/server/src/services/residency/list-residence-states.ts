import type { TGetValidStatesResponse } from '@pledge/contract';
import { listValidStates } from '@pledge/domain';
import { deepFreeze } from './deep-freeze.js';

/** The list is constant: built once, frozen, and encoded once by the serializer. */
let states: TGetValidStatesResponse | undefined;

/** Every state and DC with whether loans are offered there and the loan limits (whole dollars). */
export function listResidenceStates(): TGetValidStatesResponse {
  states ??= deepFreeze(listValidStates());
  return states;
}
