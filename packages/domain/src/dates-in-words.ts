/**
 * Dates and moments as people read them in e-mails and statements, in the product's US English:
 * "Dec 3, 2026" for a day, "Dec 3, 2026, 14:00 UTC" for a moment. A message goes to a mailbox in
 * any time zone, so a moment is said in UTC, and says so. Written out rather than with
 * `Intl.DateTimeFormat`, so that the words never depend on the runtime's locale data.
 */
import { DomainError } from './errors.js';

const MONTHS = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
] as const;

/** The months' full names, as US English's long date writes them. */
const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

function asMoment(moment: Date | string | number): Date {
  const date = moment instanceof Date ? moment : new Date(moment);
  if (Number.isNaN(date.getTime())) {
    throw new DomainError('INVALID_DATE', `Not a moment: ${String(moment)}`);
  }
  return date;
}

function dayWords(year: number, monthIndex: number, day: number): string {
  return `${MONTHS[monthIndex] ?? ''} ${day}, ${year}`;
}

/** A calendar day ("2026-12-03", or a moment's UTC day) as "Dec 3, 2026". */
export function dayInWords(day: string | Date): string {
  if (typeof day === 'string') {
    const match = ISO_DAY.exec(day);
    if (match !== null) {
      const monthIndex = Number(match[2]) - 1;
      if (monthIndex >= 0 && monthIndex < 12) {
        return dayWords(Number(match[1]), monthIndex, Number(match[3]));
      }
    }
  }
  const date = asMoment(day);
  return dayWords(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());
}

/** A moment as "Dec 3, 2026, 14:00 UTC" (24-hour clock, to the minute). */
export function momentInWords(moment: Date | string): string {
  const date = asMoment(moment);
  const time = [date.getUTCHours(), date.getUTCMinutes()]
    .map((part) => String(part).padStart(2, '0'))
    .join(':');
  return `${dayInWords(date)}, ${time} UTC`;
}

/**
 * A moment in the runtime's own time zone (in a browser, the reader's) as US English's medium
 * date and short time write it: "Mar 6, 2025, 3:30 PM". Written out too: a page that shows one in
 * its first render then loads no locale data for it (the first `Intl` formatter a page makes
 * does, 50–70 ms on a slow phone).
 */
export function localMomentInWords(moment: Date | string | number): string {
  const date = asMoment(moment);
  const day = dayWords(date.getFullYear(), date.getMonth(), date.getDate());
  return `${day}, ${localClockTime(date)}`;
}

/** A date's time in the runtime's own zone on the 12-hour clock: "3:30 PM", "12:05 AM". */
function localClockTime(date: Date): string {
  const hours = date.getHours();
  const clockHour = hours % 12 === 0 ? 12 : hours % 12;
  const minutes = String(date.getMinutes()).padStart(2, '0');
  return `${clockHour}:${minutes} ${hours < 12 ? 'AM' : 'PM'}`;
}

/**
 * A moment's day in the runtime's own time zone as US English's long date writes it:
 * "March 22, 2025". Written out for the reason localMomentInWords is.
 */
export function localLongDayInWords(moment: Date | string | number): string {
  const date = asMoment(moment);
  return `${MONTH_NAMES[date.getMonth()] ?? ''} ${date.getDate()}, ${date.getFullYear()}`;
}

/**
 * A moment in the runtime's own time zone as US English's long date and short time write it:
 * "March 6, 2025 at 3:30 PM".
 */
export function localLongMomentInWords(moment: Date | string | number): string {
  const date = asMoment(moment);
  return `${localLongDayInWords(date)} at ${localClockTime(date)}`;
}
