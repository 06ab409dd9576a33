import { displayDate } from '../dashboard/display.js';
import { dateTimeFormatOnFirstUse } from '../../ui/date-time-format.js';

export { displayDate };

const namedZoneDateTimeText = dateTimeFormatOnFirstUse({
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
});

/** A moment in the reader's own time zone, named: "Mar 4, 2025, 3:30 PM EST". */
export function displayDateTime(iso: string): string {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? iso : namedZoneDateTimeText(time);
}
