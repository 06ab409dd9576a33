/**
 * The audit trail stores who, when, from and to, and a reason in words; the state machine's event
 * is not a column. It is recovered from the domain's transition table: the rules that lead from
 * the recorded state to the recorded one, narrowed by who acted (only an agent cancels or declines)
 * and by the kind of application (only a refinancing selects a refinancing offer). When more than
 * one event could still have caused the change, the trail does not guess.
 */
import {
  TRANSITIONS,
  type TApplicationEvent,
  type TApplicationState,
  type TTransitionTarget,
} from '@pledge/domain';

const AGENT_ONLY_EVENTS: readonly TApplicationEvent[] = ['AGENT_CANCEL', 'AGENT_DECLINE'];
const REFINANCING_ONLY_EVENTS: readonly TApplicationEvent[] = [
  'REFI_OFFER_SELECTED',
  'REFI_REPRICED',
  'REFI_CONFIRMED',
  'TOP_UP_CONFIRMED',
  'TOP_UP_RECEIVED',
];

function canReach(target: TTransitionTarget, state: TApplicationState): boolean {
  return typeof target === 'string'
    ? target === state
    : target.then === state || target.otherwise === state;
}

export interface TAuditEventHints {
  /** The audit actor (`agent:…`, `borrower:…`, `system:…`). */
  actor: string;
  isCelsiusRefi: boolean;
}

/** Keeps the events that pass `isPreferred` when any does; otherwise all of them. */
function preferring(
  events: readonly TApplicationEvent[],
  isPreferred: (event: TApplicationEvent) => boolean,
): readonly TApplicationEvent[] {
  const preferred = events.filter(isPreferred);
  return preferred.length > 0 ? preferred : events;
}

export function auditEventName(
  fromState: TApplicationState | null,
  toState: TApplicationState | null,
  hints: TAuditEventHints,
): TApplicationEvent | null {
  if (fromState === null || toState === null) return null;
  const isAgent = hints.actor.startsWith('agent:');
  const reaching = TRANSITIONS.filter(
    (rule) => rule.from.includes(fromState) && canReach(rule.to, toState),
  ).map((rule) => rule.event);
  const byActor = isAgent
    ? preferring(reaching, (event) => AGENT_ONLY_EVENTS.includes(event))
    : reaching.filter((event) => !AGENT_ONLY_EVENTS.includes(event));
  const byFlow = hints.isCelsiusRefi
    ? preferring(byActor, (event) => REFINANCING_ONLY_EVENTS.includes(event))
    : byActor.filter((event) => !REFINANCING_ONLY_EVENTS.includes(event));
  return byFlow.length === 1 ? (byFlow[0] ?? null) : null;
}
