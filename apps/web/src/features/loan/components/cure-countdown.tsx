import { CURE_COUNTDOWN_TICK_MS, cureTimeLeft } from '@pledge/domain';
import { displayDateTime } from '../loan-dates.js';
import { cureCountdownWords } from '../loan-health.js';
import { useServerNow } from '../use-server-now.js';

/**
 * The time left to cure a margin call, from the server's deadline, moving on each minute, counted on
 * the server's clock (the device's corrected by `serverOffsetMs`: a device set wrong must not show
 * hours the server will not give); the deadline itself in the borrower's time zone.
 */
export function CureCountdown({
  cureDeadline,
  serverOffsetMs = 0,
}: {
  cureDeadline: string;
  serverOffsetMs?: number;
}) {
  const now = useServerNow(serverOffsetMs, CURE_COUNTDOWN_TICK_MS);
  const left = cureTimeLeft(cureDeadline, now);
  return (
    <div className={`cure-countdown${left.isOver ? ' cure-countdown--over' : ''}`}>
      <p className="cure-countdown__left">{cureCountdownWords(left)}</p>
      <p className="cure-countdown__deadline">
        Deadline: <time dateTime={cureDeadline}>{displayDateTime(cureDeadline)}</time>
      </p>
    </div>
  );
}
