/**
 * A date formatter of the app's locale (US English) whose `Intl.DateTimeFormat` is made on its
 * first use, not when its module loads: the first `Intl` object a page creates loads the browser's
 * locale data, and each formatter builds its patterns. Made at module load, that work ran before
 * the first render of every page whose code includes the module, whether or not it shows a date
 * (a third of a signed-in page's start at a phone's speed).
 */
export function dateTimeFormatOnFirstUse(
  options: Intl.DateTimeFormatOptions,
): (value: Date | number) => string {
  let format: Intl.DateTimeFormat | undefined;
  return (value) => {
    format ??= new Intl.DateTimeFormat('en-US', options);
    return format.format(value);
  };
}

/** The months as US English's medium dates name them. */
const MONTH_ABBREVIATIONS = [
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

const twoDigits = (value: number) => String(value).padStart(2, '0');

/** The moment as a Date; what is no time is refused as `Intl` refuses it. */
function validDate(time: number | Date): Date {
  const date = new Date(time);
  if (Number.isNaN(date.getTime())) throw new RangeError('Invalid time value');
  return date;
}

/**
 * A moment's UTC calendar date as US English's medium date writes it ("Mar 4, 2025"), and with
 * `withTime` its 24-hour UTC time ("Mar 4, 2025, 09:05"), written without `Intl`: UTC needs no
 * time zone data, and the pages that show these dates in their first render (the dashboard, a
 * loan, the console's lists) then load no locale data for them.
 */
export function utcDateText(time: number, { withTime = false } = {}): string {
  const date = validDate(time);
  const day = `${MONTH_ABBREVIATIONS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
  return withTime
    ? `${day}, ${twoDigits(date.getUTCHours())}:${twoDigits(date.getUTCMinutes())}`
    : day;
}

/**
 * A moment in the reader's own time zone as US English's medium date and short time write it
 * ("Mar 6, 2025, 3:30 PM"), written without `Intl` for the same reason as utcDateText: the zone's
 * offset is the browser's own `Date`'s, which loads no locale data.
 */
export function localDateTimeText(time: number | Date): string {
  const date = validDate(time);
  const hours = date.getHours();
  const clockHour = hours % 12 === 0 ? 12 : hours % 12;
  const day = `${MONTH_ABBREVIATIONS[date.getMonth()]} ${date.getDate()}, ${date.getFullYear()}`;
  return `${day}, ${clockHour}:${twoDigits(date.getMinutes())} ${hours < 12 ? 'AM' : 'PM'}`;
}
