import { useEffect, useRef } from 'react';
import { isCollateralReceived, type TApplicationState } from '@pledge/domain';
import { telemetry, type TTelemetryClient } from '../../../telemetry/telemetry-client.js';

export const COLLATERAL_RECEIVED_EVENT = 'COLLATERAL_RECEIVED';
export const LOAN_COMPLETE_EVENT = 'LOAN_COMPLETE';

/**
 * Reports the tracker's milestones (document 1 §4) once each: the collateral received, then the
 * loan complete. The client also keeps each to one per tracking session.
 */
export function useCompletionTelemetry(
  appUuid: string,
  state: TApplicationState | undefined,
  client: TTelemetryClient = telemetry,
): void {
  const reported = useRef(new Set<string>());
  useEffect(() => {
    if (state === undefined) return;
    const events = [
      ...(isCollateralReceived(state) ? [COLLATERAL_RECEIVED_EVENT] : []),
      ...(state === 'COMPLETE' ? [LOAN_COMPLETE_EVENT] : []),
    ];
    for (const event of events) {
      if (reported.current.has(event)) continue;
      reported.current.add(event);
      void client.trackEvent({ event, applicationUuid: appUuid });
    }
  }, [appUuid, client, state]);
}
