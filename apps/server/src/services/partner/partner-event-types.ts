/**
 * Which events of the partner catalogue an audited change is: the rule the outbox drain applies to
 * every copied audit row (and issued statement). Pure, so that it is tested on its own.
 */
import { RISK_LEVELS, type TRiskLevel } from '@pledge/domain';
import type { TPartnerEventType, TPartnerRiskLevel } from '@pledge/contract';

/** The audit entities the outbox trigger copies (migration 0040), and the statement's own. */
export const PARTNER_OUTBOX_ENTITIES = {
  application: 'application',
  loan: 'servicing-loan',
  payment: 'servicing-payment',
  liquidation: 'liquidation',
  statement: 'servicing-statement',
} as const;

export interface TOutboxChange {
  entityType: string;
  fromState: string | null;
  toState: string | null;
}

/** What the rule needs to know of the application the change is about. */
export interface TApplicationKind {
  isCelsiusRefi: boolean;
}

export interface TPartnerEventOfChange {
  type: TPartnerEventType;
  /** The risk level of a loan.risk_level_changed. */
  riskLevel?: TPartnerRiskLevel;
}

const isRiskLevel = (value: string): value is TRiskLevel =>
  (RISK_LEVELS as readonly string[]).includes(value);

/** A risk pass writes `STATUS/LEVEL` on both sides. */
function riskStep(
  change: TOutboxChange,
): { from: TRiskLevel; to: TRiskLevel; status: string } | null {
  const [fromStatus, fromLevel] = (change.fromState ?? '').split('/');
  const [toStatus, toLevel] = (change.toState ?? '').split('/');
  if (fromStatus === undefined || toStatus === undefined) return null;
  if (fromLevel === undefined || toLevel === undefined) return null;
  if (!isRiskLevel(fromLevel) || !isRiskLevel(toLevel)) return null;
  return { from: fromLevel, to: toLevel, status: toStatus };
}

/** The risk event of a level change: a notice level going up, or back to none (cured). */
function riskEventOf(change: TOutboxChange): TPartnerEventOfChange[] {
  const step = riskStep(change);
  if (step === null || step.from === step.to) return [];
  if (step.to === 'NONE') return [{ type: 'loan.risk_level_changed', riskLevel: 'CURED' }];
  // A liquidation is told by its fill; the levels below it are notices.
  if (step.to === 'LIQUIDATION') return [];
  if (RISK_LEVELS.indexOf(step.to) < RISK_LEVELS.indexOf(step.from)) return [];
  return [{ type: 'loan.risk_level_changed', riskLevel: step.to }];
}

function applicationEventsOf(
  change: TOutboxChange,
  kind: TApplicationKind,
): TPartnerEventOfChange[] {
  const { fromState: from, toState: to } = change;
  if (to === null) return [];
  if (from === null) return to === 'CREATED' ? [{ type: 'application.created' }] : [];
  if (from === to) return [];
  const events: TPartnerEventOfChange[] = [{ type: 'application.state_changed' }];
  if (to === 'OFFER_ACCEPTED') events.push({ type: 'application.offer_accepted' });
  if (to === 'WAITING_FOR_COLLATERAL' && (from === 'SIGN_DOCS' || from.startsWith('CELSIUS_'))) {
    events.push({ type: 'application.documents_signed' });
  }
  if (to === 'CRYPTO_FUNDING_VERIFY') events.push({ type: 'application.collateral_received' });
  if (to === 'COMPLETE' && from !== 'PAID_OFF') {
    if (from === 'MANUAL_FUNDING_RELEASE') events.push({ type: 'application.funds_released' });
    events.push({ type: 'loan.funded' });
    if (kind.isCelsiusRefi) events.push({ type: 'refinancing.completed' });
  }
  if (to === 'PAID_OFF') events.push({ type: 'loan.paid_off' });
  if (to === 'COLLATERAL_RELEASED') events.push({ type: 'loan.collateral_released' });
  if (to === 'RENEWED') events.push({ type: 'loan.renewed' });
  return events;
}

/** The catalogue events of one audited change, in the order they are told. */
export function partnerEventsOfChange(
  change: TOutboxChange,
  kind: TApplicationKind,
): TPartnerEventOfChange[] {
  switch (change.entityType) {
    case PARTNER_OUTBOX_ENTITIES.application:
      return applicationEventsOf(change, kind);
    case PARTNER_OUTBOX_ENTITIES.loan:
      if (change.toState === 'INTEREST_DEFERRED') return [{ type: 'loan.deferral' }];
      return riskEventOf(change);
    case PARTNER_OUTBOX_ENTITIES.payment:
      if (change.fromState === change.toState) return [];
      if (change.toState === 'SETTLED') return [{ type: 'loan.payment_received' }];
      if (change.toState === 'RETURNED' || change.toState === 'REVERSED') {
        return [{ type: 'loan.payment_returned' }];
      }
      return [];
    case PARTNER_OUTBOX_ENTITIES.liquidation:
      return change.toState === 'FILLED' && change.fromState !== 'FILLED'
        ? [{ type: 'loan.liquidation_filled' }]
        : [];
    case PARTNER_OUTBOX_ENTITIES.statement:
      return [{ type: 'loan.statement_issued' }];
    default:
      return [];
  }
}
